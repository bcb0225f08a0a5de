import type { PageSession } from "../../sessions/page-session.js";
import type { ConsumerRequestDraftView } from "@connector/core/domain";
import {
  type ContactPreferenceChoices,
  requestLetter,
  UNWANTED_WAY_WORDS,
  UNWANTED_WAYS,
} from "@connector/core/resolve";
import { CONSUMER_REQUEST_CHANNEL_WORDS } from "@connector/core/schemas";
import { CsrfForm, Field, Letter, Notice } from "@connector/ui";
import { PAGES } from "../../page-paths.js";

/** What the person chose on the page (or typed, after a refusal), and a refusal to show. */
export interface LetterChoicesState {
  choices: ContactPreferenceChoices;
  /** What the form had, to show again after a refusal (less a refused field). */
  values?: Record<string, string | string[]> | undefined;
  error?: { message: string; field?: string | undefined } | undefined;
}

/** What each way of sending means for the person, where it needs saying. */
const CHANNEL_NOTES: Partial<Record<ConsumerRequestDraftView["channel"], string>> = {
  service: "Nothing is sent from here, and a collector cannot reply through this service: the letter asks for an answer by mail.",
  email: "An email counts as a written request only when it goes to an email address the collector accepts for messages from consumers. The letter has a place for your email address.",
  written: "A website message counts as a written request only when it goes through a portal the collector accepts for messages from consumers.",
};

const checked = (values: Record<string, string | string[]>, name: string, value = "on") => {
  const sent = values[name];
  return Array.isArray(sent) ? sent.includes(value) : sent === value;
};

/** The form's text fields, which show their own error beside them. */
const FIELDS_WITH_ERRORS = new Set(["times", "places"]);

const capitalized = (words: string) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;

const text = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

/** The choices as the form shows them: what was sent after a refusal, else what shaped the letter. */
function formValues(state: LetterChoicesState): Record<string, string | string[]> {
  if (state.values !== undefined) return state.values;
  const { choices } = state;
  const values: Record<string, string | string[]> = { ways: choices.ways };
  if (choices.times !== undefined) values.times = choices.times;
  if (choices.places !== undefined) values.places = choices.places;
  if (choices.work) values.work = "on";
  if (choices.lawyer) values.lawyer = "on";
  return values;
}

/** A contact preference's page-only choices: plain words that shape the letter, never stored. */
function LetterChoices({ session, draft, state }: { session: PageSession; draft: ConsumerRequestDraftView; state: LetterChoicesState }) {
  const values = formValues(state);
  const errorOf = (field: string) => (state.error?.field === field ? state.error.message : undefined);
  return (
    <CsrfForm action={PAGES.draftAction(draft.draftId, "letter")} token={session.csrfToken("shape-letter")} label="What you do not want">
      <h3>What you do not want</h3>
      <p class="muted">
        Say it in your own words and the letter below follows. These choices are not saved and nothing is sent: copy the
        letter once it reads as you want.
      </p>
      {state.error === undefined ? null : (
        <Notice tone="bad" role="alert" title="Your choices were not applied">
          {/* A field's own error is shown once, beside it; anything else (a forged form) here. */}
          <p>{FIELDS_WITH_ERRORS.has(state.error.field ?? "") ? "Check the field marked below." : state.error.message}</p>
        </Notice>
      )}
      <Field
        name="times"
        id="letter-times"
        label="Times that are inconvenient for you (optional)"
        hint="For example: before 10 a.m., or after 6 p.m. on weekdays. Contact before 8 a.m. or after 9 p.m. is already treated as inconvenient."
        maxLength={200}
        value={text(values.times)}
        error={errorOf("times")}
      />
      <fieldset>
        <legend>Places that are inconvenient for you</legend>
        <label class="choice">
          <input type="checkbox" name="work" checked={checked(values, "work")} /> At work
        </label>
        <Field
          name="places"
          id="letter-places"
          label="Other places (optional)"
          hint="For example: at my parents' home. No address is needed."
          maxLength={200}
          value={text(values.places)}
          error={errorOf("places")}
        />
      </fieldset>
      <fieldset>
        <legend>Ways of contact you do not want</legend>
        {UNWANTED_WAYS.map((way) => (
          <label class="choice" key={way}>
            <input type="checkbox" name="ways" value={way} checked={checked(values, "ways", way)} /> No {UNWANTED_WAY_WORDS[way]}
          </label>
        ))}
        <p class="muted">The letter always leaves mail open, so the collector has a way to reach you.</p>
      </fieldset>
      <fieldset>
        <legend>A lawyer</legend>
        <label class="choice">
          <input type="checkbox" name="lawyer" checked={checked(values, "lawyer")} /> A lawyer represents me about this debt
        </label>
        <p class="muted">The letter then asks the collector to contact your lawyer, with places for their details.</p>
      </fieldset>
      <button type="submit">Update the letter</button>
    </CsrfForm>
  );
}

/** A request draft's letter: how the person plans to send it, their choices (contact preference), the text to copy. */
export function RequestLetterSection(props: { session: PageSession; draft: ConsumerRequestDraftView; state: LetterChoicesState }) {
  const { draft, state } = props;
  const note = CHANNEL_NOTES[draft.channel];
  return (
    <section aria-labelledby="request-title">
      <h2 id="request-title">Your letter, ready to send yourself</h2>
      <p>
        The service never sends it. Copy it, fill in the places marked in square brackets (your name, address, the date,
        your signature, and how and when the collector contacted you), and send it yourself if you decide to.
      </p>
      <dl class="details">
        <dt>How you plan to send it</dt>
        <dd>{capitalized(CONSUMER_REQUEST_CHANNEL_WORDS[draft.channel])}</dd>
      </dl>
      {note === undefined ? null : <p class="muted">{note}</p>}
      {draft.requestKind === "contact_preference" ? <LetterChoices session={props.session} draft={draft} state={state} /> : null}
      <h3>The letter</h3>
      <Letter id="request-text" lines={requestLetter(draft, state.choices)} />
    </section>
  );
}
