import { isServiceError } from "@connector/core";
import { contactPreferenceChoicesSchema, isLanguage, type Language, NO_CHOICES } from "@connector/core/resolve";
import { parseArguments } from "@connector/core/schemas";
import type { LetterChoicesState } from "../views/resolve/request-letter.js";
import { refusedLetterChoices } from "../views/resolve/letter-choices-words.js";

/** The choices a letter's address may carry; anything else in the query is left out. */
const CHOICE_NAMES = ["times", "zone", "work", "places", "ways", "lawyer"] as const;
/** The letter's own language in its address (`letterLanguage=es`): apart from the page's `lang` cookie. */
const LANGUAGE_NAME = "letterLanguage";

/** The letter's language the address asks for, if it names one the letters are written in. */
function letterLanguageOf(source: Record<string, unknown>): Language | undefined {
  const value = source[LANGUAGE_NAME];
  return isLanguage(value) ? value : undefined;
}

type QueryValues = Record<string, string | string[]>;

/** The choices of a query or a form, as plain strings (a repeated `ways` as a list); nothing else. */
function choiceValues(source: Record<string, unknown>): QueryValues {
  const values: QueryValues = {};
  for (const name of CHOICE_NAMES) {
    const value = source[name];
    if (typeof value === "string") values[name] = value;
    else if (Array.isArray(value)) values[name] = value.filter((item): item is string => typeof item === "string");
  }
  return values;
}

/** The choices as the letter's address query, in a fixed order (`times=…&work=on&ways=calls&letterLanguage=es`). */
export function choicesQuery(source: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(choiceValues(source))) {
    for (const item of Array.isArray(value) ? value : [value]) if (item !== "") query.append(name, item);
  }
  const language = letterLanguageOf(source);
  if (language !== undefined) query.append(LANGUAGE_NAME, language);
  return query.toString();
}

/**
 * The letter's choices from its address: checked as the form's (schema, then the personal-data
 * guard). A refusal shows the form again as typed, less what must not be shown again
 * (`refusedForm`: a refused value may be personal data, which the page never echoes), and the letter without choices, in the language asked for.
 */
export function shapeLetter(query: Record<string, unknown>): LetterChoicesState {
  const values = choiceValues(query);
  const language = letterLanguageOf(query);
  try {
    const accepted = choicesQuery(query);
    return { choices: parseArguments(contactPreferenceChoicesSchema, values), language, query: accepted, backQuery: accepted };
  } catch (error) {
    if (!isServiceError(error) || error.status >= 500) throw error;
    const { problem, values: kept } = refusedLetterChoices(error, values);
    return {
      choices: NO_CHOICES,
      language,
      values: kept,
      problem,
      query: choicesQuery({ [LANGUAGE_NAME]: language }),
      backQuery: choicesQuery({ ...kept, [LANGUAGE_NAME]: language }),
    };
  }
}
