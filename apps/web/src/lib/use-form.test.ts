import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useForm } from "./use-form.ts";

type Values = { name: string; units: string; tags: string[] };
const initialValues: Values = { name: "", units: "", tags: [] };
const validate = (v: Values) => {
  const errors: Record<string, string[]> = {};
  if (!v.name.trim()) errors.name = ["Name is required"];
  if (v.units && !/^\d+$/.test(v.units)) errors.units = ["Units must be a whole number"];
  if (!v.tags.length) errors.tags = ["Pick a tag"];
  return errors;
};
const setup = () => renderHook(() => useForm({ initialValues, validate }));

describe("useForm: when a field's problems show", () => {
  it("shows nothing before the user does anything, nor after leaving a field unchanged", () => {
    const { result } = setup();
    expect(result.current.errorsOf("name")).toBeUndefined();
    act(() => result.current.leave("name"));
    expect(result.current.errorsOf("name")).toBeUndefined();
  });

  it("waits while the user types, shows once they leave the changed field", () => {
    const { result } = setup();
    act(() => result.current.setValue("units", "1"));
    act(() => result.current.setValue("units", "1.5"));
    expect(result.current.errorsOf("units")).toBeUndefined();
    act(() => result.current.leave("units"));
    expect(result.current.errorsOf("units")).toEqual(["Units must be a whole number"]);
  });

  it("once shown, follows every change: gone as soon as the value is valid, back if it is wrong again", () => {
    const { result } = setup();
    act(() => result.current.setValue("name", " "));
    act(() => result.current.leave("name"));
    expect(result.current.errorsOf("name")).toEqual(["Name is required"]);
    act(() => result.current.setValue("name", "A"));
    expect(result.current.errorsOf("name")).toBeUndefined();
    act(() => result.current.setValue("name", ""));
    expect(result.current.errorsOf("name")).toEqual(["Name is required"]);
  });

  it("counts text typed without a new value (a picker's search box) as a change", () => {
    const { result } = setup();
    act(() => result.current.touch("tags"));
    act(() => result.current.leave("tags"));
    expect(result.current.errorsOf("tags")).toEqual(["Pick a tag"]);
  });
});

describe("useForm: submitting", () => {
  it("shows every problem and does not submit while there are any", () => {
    const { result } = setup();
    const onValid = vi.fn();
    act(() => result.current.handleSubmit(onValid)());
    expect(onValid).not.toHaveBeenCalled();
    expect(result.current.errorsOf("name")).toEqual(["Name is required"]);
    expect(result.current.errorsOf("tags")).toEqual(["Pick a tag"]);
  });

  it("checks only the given fields (a wizard's step) and submits the values when they are valid", () => {
    const { result } = setup();
    const onValid = vi.fn();
    act(() => result.current.setValue("name", "Harbor"));
    act(() => result.current.handleSubmit(onValid, ["name", "units"])());
    expect(onValid).toHaveBeenCalledWith({ name: "Harbor", units: "", tags: [] });
    expect(result.current.errorsOf("tags")).toBeUndefined();
  });

  it("says what keeps fields from being valid: empty ones and wrong ones", () => {
    const { result } = setup();
    act(() => result.current.setValue("units", "x"));
    expect(result.current.incomplete()).toEqual({ empty: ["name", "tags"], wrong: ["units"] });
    expect(result.current.isValid(["units"])).toBe(false);
    expect(result.current.isValid([])).toBe(true);
  });
});

describe("useForm: server messages", () => {
  it("shows a field's server message at once and drops it when that field is edited", () => {
    const { result } = setup();
    act(() => result.current.setValue("name", "Harbor"));
    act(() => result.current.setServerErrors({ name: ["That name is taken"], units: ["Too many"] }));
    expect(result.current.errorsOf("name")).toEqual(["That name is taken"]);
    act(() => result.current.setValue("name", "Harbor 2"));
    expect(result.current.errorsOf("name")).toBeUndefined();
    expect(result.current.errorsOf("units")).toEqual(["Too many"]);
  });

  it("starts over on reset", () => {
    const { result } = setup();
    act(() => result.current.setValue("name", "x"));
    act(() => result.current.handleSubmit(() => {})());
    act(() => result.current.reset());
    expect(result.current.values).toEqual(initialValues);
    expect(result.current.errorsOf("tags")).toBeUndefined();
    act(() => result.current.leave("name"));
    expect(result.current.errorsOf("name")).toBeUndefined();
  });
});

describe("useForm: a field holding a structure", () => {
  type Week = { hours: { close: string }[] };
  const validateWeek = (v: Week) => {
    const errors: Record<string, string[]> = {};
    v.hours.forEach((d, i) => {
      if (d.close === "") errors[`hours.${i}.close`] = ["Closing time is required"];
    });
    return errors;
  };

  it("shows the problems inside it by path once it was left changed, and keeps the form invalid meanwhile", () => {
    const { result } = renderHook(() =>
      useForm<Week>({ initialValues: { hours: [{ close: "20:00" }, { close: "20:00" }] }, validate: validateWeek }),
    );
    act(() => result.current.setValue("hours", [{ close: "20:00" }, { close: "" }]));
    expect(result.current.nestedErrorsOf("hours")).toEqual({});
    expect(result.current.isValid()).toBe(false);
    act(() => result.current.leave("hours"));
    expect(result.current.nestedErrorsOf("hours")).toEqual({ "1.close": ["Closing time is required"] });
    act(() => result.current.setValue("hours", [{ close: "20:00" }, { close: "19:00" }]));
    expect(result.current.nestedErrorsOf("hours")).toEqual({});
    expect(result.current.isValid()).toBe(true);
  });

  it("shows the server's messages inside it until the field is edited", () => {
    const { result } = renderHook(() =>
      useForm<Week>({ initialValues: { hours: [{ close: "20:00" }] }, validate: validateWeek }),
    );
    act(() => result.current.setServerErrors({ "hours.0.close": ["Closing time must be after opening time"] }));
    expect(result.current.nestedErrorsOf("hours")).toEqual({ "0.close": ["Closing time must be after opening time"] });
    act(() => result.current.setValue("hours", [{ close: "21:00" }]));
    expect(result.current.nestedErrorsOf("hours")).toEqual({});
  });
});
