import { message } from "../messages/catalogue.js";
import type { ComponentChildren } from "preact";

/** One thing to fix: the field's own id and label; its message is said once, beside the field. */
export interface FormProblem {
  /** The control's element id (the summary links to it). */
  fieldId: string;
  /** The field's label, as the person read it ("Who is it to?"). */
  label: string;
}

export interface ErrorSummaryProps {
  /** What did not happen, in plain words ("Your draft was not saved"). */
  title: string;
  /** The fields to fix, in the form's order; each message is said beside its field, not here again. */
  problems?: readonly FormProblem[];
  /** A refusal that belongs to no field (a form used twice): said here, once. */
  children?: ComponentChildren;
}

/**
 * The top of a refused form (the GOV.UK error-summary pattern): what did not happen and a link to
 * each field to fix. `role="alert"` has it read out on load; `tabindex="-1"` lets the pages' script
 * (form-errors.js) focus it when no field is to blame. The first wrong field carries `autofocus`
 * (Field's `first`), which puts the person there even without JavaScript.
 */
export function ErrorSummary({ title, problems = [], children }: ErrorSummaryProps) {
  return (
    <div class="error-summary" role="alert" tabindex={-1} aria-labelledby="error-summary-title">
      <p class="error-summary-title" id="error-summary-title">
        {title}
      </p>
      {children}
      {problems.length === 0 ? null : (
        <>
          <p>{message("forms.checkFields", { count: problems.length })}</p>
          <ul>
            {problems.map((problem) => (
              <li key={problem.fieldId}>
                <a href={`#${problem.fieldId}`}>{problem.label}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
