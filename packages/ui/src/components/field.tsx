export interface FieldOption {
  value: string;
  label: string;
}

interface FieldBase {
  /** The form field name; the element's id is derived from it unless `id` is given. */
  name: string;
  label: string;
  id?: string;
  /** A line under the label: format, limits, what happens to the value. */
  hint?: string | undefined;
  /** The error for this field after a failed submit; marks the control invalid and is read with it. */
  error?: string | undefined;
  required?: boolean;
  /** The first field a refused form names: focused on load (no script needed), so the person lands here. */
  first?: boolean;
  /** Focused on load though it carries no error of its own (a refused sign-in: the password to type again). */
  focus?: boolean;
}

export type FieldProps = FieldBase &
  (
    | {
        kind?: "input";
        type?: "text" | "email" | "password" | "number" | "url" | "date" | "file";
        value?: string | undefined;
        autocomplete?: string;
        accept?: string;
        step?: string;
        min?: string;
        max?: string;
        maxLength?: number;
      }
    | { kind: "textarea"; value?: string | undefined; rows?: number; maxLength?: number }
    | { kind: "select"; value?: string | undefined; options: readonly FieldOption[] }
  );

/**
 * A labelled control with its hint and error text tied to it (`aria-describedby`), so screen
 * readers read the label, the hint and the error together and the error is never colour alone.
 */
export function Field(props: FieldProps) {
  const id = props.id ?? `field-${props.name}`;
  const hintId = props.hint === undefined ? undefined : `${id}-hint`;
  const errorId = props.error === undefined ? undefined : `${id}-error`;
  const describedBy = [hintId, errorId].filter((part) => part !== undefined).join(" ") || undefined;
  const common = {
    id,
    name: props.name,
    required: props.required,
    "aria-describedby": describedBy,
    "aria-invalid": props.error === undefined ? undefined : ("true" as const),
    autofocus: props.focus === true || (props.first === true && props.error !== undefined) ? true : undefined,
  };
  let control: preact.JSX.Element;
  if (props.kind === "textarea") {
    control = <textarea {...common} dir="auto" rows={props.rows ?? 6} maxLength={props.maxLength} value={props.value ?? ""} />;
  } else if (props.kind === "select") {
    control = (
      <select {...common}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value} selected={option.value === props.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    // Free text takes the direction of what is typed (an Arabic or Hebrew name reads from the right, issue 48);
    // addresses, numbers and dates stay left to right.
    const freeText = (props.type ?? "text") === "text";
    control = (
      <input
        {...common}
        dir={freeText ? "auto" : undefined}
        // preact's types narrow attributes per input type; every type used here takes these attributes.
        type={(props.type ?? "text") as "text"}
        value={props.type === "password" || props.type === "file" ? undefined : props.value}
        autocomplete={props.autocomplete}
        accept={props.accept}
        step={props.step}
        min={props.min}
        max={props.max}
        maxLength={props.maxLength}
      />
    );
  }
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
      {hintId === undefined ? null : (
        <span class="hint" id={hintId}>
          {props.hint}
        </span>
      )}
      {errorId === undefined ? null : (
        <span class="field-error" id={errorId}>
          {props.error}
        </span>
      )}
      {control}
    </div>
  );
}
