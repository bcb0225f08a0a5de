import type { ConsumerRequestDraftView } from "@connector/core/domain";
import {
  type ContactPreferenceChoices,
  requestLetter,
  UNWANTED_WAY_WORDS,
  UNWANTED_WAYS,
} from "@connector/core/resolve";
import { CONSUMER_REQUEST_CHANNEL_WORDS } from "@connector/core/schemas";
import { ErrorSummary, Field, Letter, readerTimeZone, readerZoneName } from "@connector/ui";
import { CFPB_LINKS } from "./guide-links.js";
import type { LetterChoicesField, LetterChoicesProblem } from "./letter-choices-words.js";
import { PAGES } from "../../page-paths.js";

/** What the person chose (the letter's address carries it), or typed after a refusal, and a refusal to show. */
export interface LetterChoicesState {
  choices: ContactPreferenceChoices;
  /** The choices as the letter's address query (`times=…&ways=calls`), for its PDF link; empty for none. */
  query?: string | undefined;
  /** What the form had, to show again after a refusal (less a refused field). */
  values?: Record<string, string | string[]> | undefined;
  problem?: LetterChoicesProblem | undefined;
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

/** The choices' text fields: their element ids and labels, which the error summary links to and names. */
const CHOICE_FIELDS: Record<LetterChoicesField, { id: string; label: string }> = {
  times: { id: "letter-times", label: "Times that are inconvenient for you (optional)" },
  places: { id: "letter-places", label: "Other places (optional)" },
};

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

/**
 * A contact preference's choices: plain words that shape the letter, never stored. A GET form: the
 * letter's own address carries them, so it reloads, bookmarks and comes back as the person left it.
 */
function LetterChoices({ draft, state, zoneName }: { draft: ConsumerRequestDraftView; state: LetterChoicesState; zoneName: string }) {
  const values = formValues(state);
  const problem = state.problem;
  const field = (name: LetterChoicesField) => ({
    name,
    id: CHOICE_FIELDS[name].id,
    label: CHOICE_FIELDS[name].label,
    error: problem?.field === name ? problem.message : undefined,
    first: true,
  });
  return (
    <form method="get" action={`${PAGES.draftLetter(draft.draftId)}#the-letter`} aria-label="What you do not want">
      <h3>What you do not want</h3>
      <p class="muted">
        Say it in your own words and the letter below follows. These choices are kept only in this page's address (bookmark
        it to come back), not saved by the service, and nothing is sent: copy, print or download the letter once it reads as
        you want.
      </p>
      {problem === undefined ? null : (
        <ErrorSummary
          title="The letter was not updated"
          problems={problem.field === undefined ? [] : [{ fieldId: CHOICE_FIELDS[problem.field].id, label: CHOICE_FIELDS[problem.field].label }]}
        >
          {problem.field === undefined ? <p>{problem.message}</p> : null}
        </ErrorSummary>
      )}
      <Field
        {...field("times")}
        hint={`For example: before 10 a.m., or after 6 p.m. on weekdays. The letter gives these times in ${zoneName} (your time zone). Contact before 8 a.m. or after 9 p.m. is already treated as inconvenient.`}
        maxLength={200}
        value={text(values.times)}
      />
      <fieldset>
        <legend>Places that are inconvenient for you</legend>
        <label class="choice">
          <input type="checkbox" name="work" checked={checked(values, "work")} /> At work
        </label>
        <Field {...field("places")} hint="For example: at my parents' home. No address is needed." maxLength={200} value={text(values.places)} />
      </fieldset>
      <fieldset>
        <legend>Ways of contact you do not want</legend>
        {UNWANTED_WAYS.map((way) => (
          <label class="choice" key={way}>
            <input type="checkbox" name="ways" value={way} checked={checked(values, "ways", way)} /> No {UNWANTED_WAY_WORDS[way]}
          </label>
        ))}
        <p class="muted">
          This letter leaves mail open, so the collector still has a way to reach you. You may instead ask a collector in
          writing to stop contacting you about the debt altogether (12 CFR 1006.6(c)); this service does not write that
          letter. The CFPB's sample letter does: <a href={CFPB_LINKS.stopContacting.href}>{CFPB_LINKS.stopContacting.label}</a>.
        </p>
      </fieldset>
      <fieldset>
        <legend>A lawyer</legend>
        <label class="choice">
          <input type="checkbox" name="lawyer" checked={checked(values, "lawyer")} /> A lawyer represents me about this debt
        </label>
        <p class="muted">The letter then asks the collector to contact your lawyer, with places for their details.</p>
      </fieldset>
      <button type="submit">Update the letter</button>
    </form>
  );
}

/** A request draft's letter: how the person plans to send it, their choices (contact preference), the text to copy. */
export function RequestLetterSection(props: { draft: ConsumerRequestDraftView; state: LetterChoicesState }) {
  const { draft, state } = props;
  // The times a person types are read in their own zone, and the letter names it.
  const zoneName = readerZoneName(readerTimeZone());
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
      {draft.requestKind === "contact_preference" ? <LetterChoices draft={draft} state={state} zoneName={zoneName} /> : null}
      <h3 id="the-letter">The letter</h3>
      <Letter id="request-text" lines={requestLetter(draft, state.choices, { zoneName })} />
      <p class="letter-files">
        <a href={PAGES.draftLetterPdf(draft.draftId, state.query ?? "")} download>
          Download the letter as a PDF
        </a>{" "}
        to print or attach, or print this page: only the letter is printed.
      </p>
    </section>
  );
}
