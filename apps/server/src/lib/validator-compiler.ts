import { controlCharacterPaths, textMessages } from "@keyholder/contracts/text";
import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/** Fails with one issue per path holding a control character. */
const refuseControlCharacters = (paths: (string | number)[][]) =>
  z.unknown().superRefine((_, ctx) => {
    for (const path of paths) ctx.addIssue({ code: "custom", path, message: textMessages.controlCharacters });
  });

/**
 * The zod contract's validator, preceded by the rule every request shares: no control characters
 * in any text (body, query, params). The failure has the contract's own shape, so the error
 * handler answers 400 with the fields named.
 */
export const contractValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const paths = controlCharacterPaths(data);
    if (paths.length === 0) return validate(data);
    return validatorCompiler({ ...route, schema: refuseControlCharacters(paths) })(data);
  };
};
