import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errors?.filter(Boolean);
  if (!list?.length) return null;
  return (
    <ul id={id} className="mt-1.5 space-y-1" role="alert">
      {list.map((e) => (
        <li key={e} className="text-sm text-red-700">
          {e}
        </li>
      ))}
    </ul>
  );
}

const inputClasses =
  "block w-full rounded-xl border-0 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-brand-600 aria-[invalid=true]:ring-red-500 sm:text-sm";

function Label({ htmlFor, children, required }: { htmlFor: string; children: ReactNode; required?: boolean }) {
  return (
    <label
      htmlFor={htmlFor}
      data-required={required ? "true" : undefined}
      // The asterisk is drawn by CSS: the label's text stays the field's name,
      // and the input's `required` attribute tells assistive technology.
      className="mb-1.5 block text-sm font-medium text-slate-800 data-[required=true]:after:ml-0.5 data-[required=true]:after:text-red-600 data-[required=true]:after:content-['*']"
    >
      {children}
    </label>
  );
}

export function Field({
  label,
  inputProps,
  errors,
  hint,
  trailing,
  className = "",
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
  errors?: ListOfErrors;
  hint?: ReactNode;
  trailing?: ReactNode;
  className?: string;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const { key, ...rest } = inputProps;
  return (
    <div className={className}>
      <Label htmlFor={id} required={inputProps.required}>
        {label}
      </Label>
      <div className="relative">
        <input
          key={key}
          id={id}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className={`${inputClasses} ${trailing ? "pr-20" : ""}`}
          {...rest}
        />
        {trailing ? <div className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? <p className="mt-1.5 text-xs text-slate-600">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({
  label,
  textareaProps,
  errors,
  hint,
  className = "",
}: {
  label: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string };
  errors?: ListOfErrors;
  hint?: ReactNode;
  className?: string;
}) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const { key, ...rest } = textareaProps;
  return (
    <div className={className}>
      <Label htmlFor={id} required={textareaProps.required}>
        {label}
      </Label>
      <textarea
        key={key}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={`${inputClasses} min-h-28`}
        {...rest}
      />
      {hint ? <p className="mt-1.5 text-xs text-slate-600">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  selectProps,
  options,
  placeholder,
  errors,
  className = "",
}: {
  label: ReactNode;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { key?: string };
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  errors?: ListOfErrors;
  className?: string;
}) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const { key, ...rest } = selectProps;
  return (
    <div className={className}>
      <Label htmlFor={id} required={selectProps.required}>
        {label}
      </Label>
      <select
        key={key}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={`${inputClasses} pr-10`}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function CheckboxField({
  label,
  inputProps,
  errors,
  className = "",
}: {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string };
  errors?: ListOfErrors;
  className?: string;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const { key, type: _type, ...rest } = inputProps;
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          key={key}
          id={id}
          type="checkbox"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 accent-brand-600 focus:ring-brand-600"
          {...rest}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A form-level error box (for messages that belong to no single field). */
export function FormError({ errors, id }: { errors?: ListOfErrors; id?: string }) {
  const list = errors?.filter(Boolean);
  if (!list?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {list.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

/**
 * The spec wants a field's error to clear as soon as that field is edited.
 * Tracks which fields were edited since the last submit; callers hide those
 * fields' errors.
 */
export function useClearErrorsOnEdit() {
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  return {
    edited,
    onInput(event: FormEvent<HTMLFormElement>) {
      const name = (event.target as HTMLInputElement).name;
      if (name && !edited.has(name)) setEdited(new Set(edited).add(name));
    },
    reset() {
      if (edited.size) setEdited(new Set());
    },
    errorsFor(name: string, errors: ListOfErrors) {
      return edited.has(name) ? undefined : errors;
    },
  };
}
