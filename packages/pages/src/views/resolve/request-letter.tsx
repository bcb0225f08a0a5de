import type { ConsumerRequestDraftView } from "@connector/core/domain";
import {
  type ContactPreferenceChoices,
  LANGUAGE_NAMES,
  type Language,
  LANGUAGES,
  requestLetter,
  UNWANTED_WAYS,
  US_TIME_ZONES,
} from "@connector/core/resolve";
import {
  asReader,
  ErrorSummary,
  Field,
  Letter,
  type MessageKey,
  message,
  readerLanguage,
  readerZoneName,
  richMessage,
  timeZoneLabel,
} from "@connector/ui";
import { CFPB_LINKS } from "./guide-links.js";
import { SourceAnchor } from "./source-anchor.js";
import { fieldsToFix } from "./form-problem.js";
import type { LetterChoicesField, LetterChoicesProblem } from "./letter-choices-words.js";
import { channelChoice } from "./resolve-page.js";
import { PAGES } from "../../page-paths.js";

/** What the person chose (the letter's address carries it), or typed after a refusal, and a refusal to show. */
export interface LetterChoicesState {
  choices: ContactPreferenceChoices;
  /**
   * The letter's language, as the person chose it (`letterLanguage=` in the address); else the
   * page's. It may differ from the page's: a person may read Spanish and write to the collector in English.
   */
  language?: Language | undefined;
  /** The choices as the letter's address query (`times=…&ways=calls`), for its PDF link; empty for none. */
  query?: string | undefined;
  /** What the form had, to show again after a refusal (less a refused field). */
  values?: Record<string, string | string[]> | undefined;
  /**
   * The address query a link may bring the person back with (the language switch): the choices and
   * the letter's language, never a refused value (it may be personal data, which no page writes back).
   */
  backQuery?: string | undefined;
  problem?: LetterChoicesProblem | undefined;
}

/** The letter's language: the person's choice, else the page's. */
export const letterLanguageOf = (state: Pick<LetterChoicesState, "language">): Language => state.language ?? readerLanguage();

/**
 * The letter's lines in its own language, the zone the person chose for their times named in that
 * language too ("hora del centro" in a Spanish letter read on an English page); none chosen, "my local
 * time". Never the page's zone: the first page a browser loads is rendered before its script has
 * reported the zone, so it would be the service's default (issue 48). For the page, the copied text and the PDF.
 */
export function letterLinesFor(draft: ConsumerRequestDraftView, state: LetterChoicesState) {
  const language = letterLanguageOf(state);
  const zone = state.choices.zone;
  const zoneName = zone === undefined ? undefined : asReader({ language }, () => readerZoneName(zone));
  return requestLetter(draft, state.choices, { language, zoneName });
}

/** What each way of sending means for the person, where it needs saying. */
const CHANNEL_NOTES: Partial<Record<ConsumerRequestDraftView["channel"], MessageKey>> = {
  service: "resolve.channelNote.service",
  email: "resolve.channelNote.email",
  written: "resolve.channelNote.written",
};

const checked = (values: Record<string, string | string[]>, name: string, value = "on") => {
  const sent = values[name];
  return Array.isArray(sent) ? sent.includes(value) : sent === value;
};

/** The choices' text fields: their element ids and labels, which the error summary links to and names. */
const CHOICE_FIELDS: Record<LetterChoicesField, { id: string; label: MessageKey }> = {
  times: { id: "letter-times", label: "resolve.choices.times.label" },
  zone: { id: "letter-zone", label: "resolve.choices.zone.label" },
  places: { id: "letter-places", label: "resolve.choices.places.label" },
};

const text = (value: string | string[] | undefined) => (typeof value === "string" ? value : undefined);

/** The choices as the form shows them: what was sent after a refusal, else what shaped the letter. */
function formValues(state: LetterChoicesState): Record<string, string | string[]> {
  if (state.values !== undefined) return state.values;
  const { choices } = state;
  const values: Record<string, string | string[]> = { ways: choices.ways };
  if (choices.times !== undefined) values.times = choices.times;
  if (choices.zone !== undefined) values.zone = choices.zone;
  if (choices.places !== undefined) values.places = choices.places;
  if (choices.work) values.work = "on";
  if (choices.lawyer) values.lawyer = "on";
  return values;
}

/**
 * The letter's language, a choice of its own ("Letter language", each language named in itself) kept
 * in the letter's address like the other choices. Its own GET form, which carries the other choices
 * along unchanged (hidden), so changing the language never loses what the person said.
 */
function LetterLanguage({ draft, state }: { draft: ConsumerRequestDraftView; state: LetterChoicesState }) {
  const language = letterLanguageOf(state);
  const carried = [...new URLSearchParams(state.query ?? "")].filter(([name]) => name !== "letterLanguage");
  return (
    <form method="get" action={`${PAGES.draftLetter(draft.draftId)}#the-letter`} class="letter-language">
      <fieldset>
        <legend>{message("resolve.letter.language.legend")}</legend>
        <p class="muted">{message("resolve.letter.language.hint")}</p>
        {carried.map(([name, value]) => (
          <input type="hidden" name={name} value={value} key={`${name}=${value}`} />
        ))}
        {LANGUAGES.map((option) => (
          <label class="choice" key={option} lang={option}>
            <input type="radio" name="letterLanguage" value={option} checked={option === language} /> {LANGUAGE_NAMES[option]}
          </label>
        ))}
      </fieldset>
      <button type="submit">{message("resolve.letter.language.submit")}</button>
    </form>
  );
}

/**
 * The zone of the times the person types, asked and not guessed (issue 48): a list of the US zones,
 * nothing chosen until the person (or, with JavaScript, the browser's own report) chooses one. The
 * time-zone script (@connector/ui's local-time.js) selects the zone the browser reports when none is
 * chosen yet and says which it is beside the field (`data-browser-zone-for`); without JavaScript the
 * person chooses, and the hint says what the letter says until they do.
 */
function ZoneField(props: { name: string; id: string; label: string; error: string | undefined; first: boolean; value: string | undefined }) {
  const zones: string[] = [...US_TIME_ZONES];
  // A zone from the address that is not a US one (a browser abroad reported it): offered as chosen.
  if (props.value !== undefined && !zones.includes(props.value)) zones.push(props.value);
  const options = [
    { value: "", label: message("resolve.choices.zone.choose") },
    // "Pacific Time (Los Angeles)": the one format of the footer and the time-zone script too (`timeZoneLabel`).
    ...zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) })),
  ];
  return (
    <>
      <Field {...props} kind="select" hint={message("resolve.choices.zone.hint")} options={options} />
      <p class="muted" data-browser-zone-for={props.id} data-words={message("resolve.choices.zone.browser", { zone: "{zone}" })} hidden />
    </>
  );
}

/**
 * A contact preference's choices: plain words that shape the letter, never stored. A GET form: the
 * letter's own address carries them, so it reloads, bookmarks and comes back as the person left it.
 */
function LetterChoices({ draft, state }: { draft: ConsumerRequestDraftView; state: LetterChoicesState }) {
  const values = formValues(state);
  const problem = state.problem;
  const field = (name: LetterChoicesField) => ({
    name,
    id: CHOICE_FIELDS[name].id,
    label: message(CHOICE_FIELDS[name].label),
    error: problem?.fields[name],
    first: true,
  });
  return (
    <form method="get" action={`${PAGES.draftLetter(draft.draftId)}#the-letter`} aria-label={message("resolve.choices.title")}>
      <h3>{message("resolve.choices.title")}</h3>
      <p class="muted">{message("resolve.choices.intro")}</p>
      {problem === undefined ? null : (
        <ErrorSummary
          title={message("resolve.choices.notUpdated")}
          problems={fieldsToFix(problem, CHOICE_FIELDS)}
        >
          {problem.message === undefined ? null : <p>{problem.message}</p>}
        </ErrorSummary>
      )}
      {state.language === undefined ? null : <input type="hidden" name="letterLanguage" value={state.language} />}
      <Field {...field("times")} hint={message("resolve.choices.times.hint")} maxLength={200} value={text(values.times)} />
      <ZoneField {...field("zone")} value={text(values.zone)} />
      <fieldset>
        <legend>{message("resolve.choices.places.legend")}</legend>
        <label class="choice">
          <input type="checkbox" name="work" checked={checked(values, "work")} /> {message("resolve.choices.places.work")}
        </label>
        <Field {...field("places")} hint={message("resolve.choices.places.hint")} maxLength={200} value={text(values.places)} />
      </fieldset>
      <fieldset>
        <legend>{message("resolve.choices.ways.legend")}</legend>
        {UNWANTED_WAYS.map((way) => (
          <label class="choice" key={way}>
            <input type="checkbox" name="ways" value={way} checked={checked(values, "ways", way)} /> {message(`resolve.choices.ways.${way}`)}
          </label>
        ))}
        <p class="muted">
          {richMessage("resolve.choices.ways.note", {
            link: <SourceAnchor link={CFPB_LINKS.stopContacting} />,
          })}
        </p>
      </fieldset>
      <fieldset>
        <legend>{message("resolve.choices.lawyer.legend")}</legend>
        <label class="choice">
          <input type="checkbox" name="lawyer" checked={checked(values, "lawyer")} /> {message("resolve.choices.lawyer.label")}
        </label>
        <p class="muted">{message("resolve.choices.lawyer.note")}</p>
      </fieldset>
      <button type="submit">{message("resolve.choices.submit")}</button>
    </form>
  );
}

/** A request draft's letter: how the person plans to send it, their choices (contact preference), the text to copy. */
export function RequestLetterSection(props: { draft: ConsumerRequestDraftView; state: LetterChoicesState }) {
  const { draft, state } = props;
  const note = CHANNEL_NOTES[draft.channel];
  const letterLanguage = letterLanguageOf(state);
  // A discarded request is closed for good: its letter is no longer "ready to send" (issue 48 item 12).
  if (draft.reviewStatus === "discarded") {
    return (
      <section aria-labelledby="request-title">
        <h2 id="request-title">{message("resolve.letter.discardedTitle")}</h2>
        <p>{message("resolve.letter.discarded")}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="request-title">
      <h2 id="request-title">{message("resolve.letter.title")}</h2>
      <p>{message("resolve.letter.intro")}</p>
      <dl class="details">
        <dt>{message("resolve.letter.channel")}</dt>
        <dd>{channelChoice(draft.channel)}</dd>
      </dl>
      {note === undefined ? null : <p class="muted">{message(note)}</p>}
      {draft.requestKind === "contact_preference" ? <LetterChoices draft={draft} state={state} /> : null}
      <LetterLanguage draft={draft} state={state} />
      <h3 id="the-letter">{message("resolve.letter.heading")}</h3>
      <Letter id="request-text" lines={letterLinesFor(draft, state)} language={letterLanguage} copyLabel={message("resolve.letter.copy")} />
      <p class="letter-files">
        {richMessage("resolve.letter.files", {
          link: (
            <a href={PAGES.draftLetterPdf(draft.draftId, state.query ?? "")} download>
              {message("resolve.letter.pdfLink")}
            </a>
          ),
        })}
      </p>
    </section>
  );
}
