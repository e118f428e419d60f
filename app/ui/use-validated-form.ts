import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import type { z } from "zod";
import { useClearErrorsOnEdit } from "./forms";

/**
 * One zod schema, used by conform in the browser and by the action on the
 * server. Validates on submit; a field's error clears once that field is
 * edited (the spec's rule). The returned formProps go on a <Form method="post">;
 * noValidate so the spec's messages show instead of the browser's bubbles.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform types form values loosely
export function useValidatedForm<Schema extends z.ZodType<Record<string, any>, Record<string, any>>>({
  id,
  schema,
  lastResult,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The fields' initial values (after a refused submit, what was typed wins). */
  defaultValue?: Record<string, unknown>;
}) {
  const clear = useClearErrorsOnEdit();
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's DefaultValue type is the schema's input, loosely
    defaultValue: defaultValue as any,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const props = getFormProps(form);
  const formProps = {
    ...props,
    noValidate: true,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      clear.reset();
      props.onSubmit(event);
    },
    onInput: clear.onInput,
  };
  return { form, fields, formProps, errorsFor: clear.errorsFor };
}
