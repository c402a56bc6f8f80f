import { describe, expect, it } from "vitest";
import { accountMessages, changePasswordProblems } from "./account.ts";
import { authMessages } from "./auth.ts";
import { forgotPasswordProblems, resetPasswordProblems } from "./password-reset.ts";

const strong = "Correct-Horse-9";

describe("password forms", () => {
  it("asks for an email with an @ to send a reset link to", () => {
    expect(forgotPasswordProblems({ email: "" })).toEqual({ email: [authMessages.loginEmail] });
    expect(forgotPasswordProblems({ email: "ada@example.com" })).toEqual({});
  });

  it("resets to a password that follows the sign-up rules and is confirmed", () => {
    expect(resetPasswordProblems({ password: strong, confirm_password: strong })).toEqual({});
    expect(resetPasswordProblems({ password: "short", confirm_password: "other" })).toEqual({
      password: [
        authMessages.passwordLength,
        authMessages.passwordNumber,
        authMessages.passwordSpecial,
        authMessages.passwordUppercase,
      ],
      confirm_password: [authMessages.confirmMismatch],
    });
  });

  it("changes a password given the current one; the confirmation counts only where it is typed", () => {
    expect(changePasswordProblems({ current_password: "old", new_password: strong })).toEqual({});
    expect(changePasswordProblems({ current_password: "", new_password: strong, confirm_password: "x" })).toEqual({
      current_password: [accountMessages.currentPasswordRequired],
      confirm_password: [authMessages.confirmMismatch],
    });
  });
});
