import type { LetterWords } from "./letter-words.js";

/**
 * The request letters in Spanish: the English letters (letter-words.en.ts) line by line, with the
 * same places to fill in in the same order, written to a collection company (ustedes) in the terms
 * of the CFPB's Spanish materials ("acreedor original", "estado de cuenta", "en mora"). The marked
 * places speak to the person (usted), as the page around them does.
 *
 * One change from the English, which issue 39 found wrong: the last statement is the one "the
 * original creditor sent", not "sent me" (the person may never have held the account).
 */
export const LETTER_WORDS_ES: LetterWords = {
  places: {
    name: "Su nombre",
    returnAddress: "Su dirección postal",
    date: "Fecha de hoy",
    // Never "su dirección" here: with usted, "su" reads as the person's own, just under their own address (issue 48 item 4).
    recipientAddress: "la dirección postal del cobrador, que aparece en su carta o mensaje",
    reference: "la referencia que el cobrador le da a la deuda en su carta o mensaje, si la hay",
    how: "teléfono, carta, correo electrónico o mensaje de texto",
    when: "la fecha en que se comunicaron con usted",
    email: "su correo electrónico",
    lawyerName: "el nombre de su abogado",
    lawyerAddress: "la dirección de su abogado",
    lawyerPhone: "el teléfono de su abogado",
    choices: "los horarios, lugares o medios de contacto que no quiere, o los datos de su abogado",
    signature: "Su firma",
  },
  to: "Para: {recipient}",
  recipientAddress: "[recipientAddress]",
  reference: "Asunto: su referencia {reference}",
  noReference: "Asunto: [reference]",
  opening: "Les escribo sobre la deuda que ustedes intentan cobrar. Se comunicaron conmigo por [how] el [when].",
  documents: [
    "Les pido que me envíen esta información sobre la deuda:",
    "- el nombre y la dirección del acreedor original;",
    "- el monto de la deuda y cómo se calculó;",
    "- una copia del último estado de cuenta que envió el acreedor original;",
    "- la fecha en que la deuda entró en mora;",
    "- qué les da a ustedes la autoridad para cobrar esta deuda.",
  ],
  notAllRequired: "Entiendo que es posible que ustedes no estén obligados a darme todo lo que pide esta lista. Por favor, envíenme lo que puedan.",
  sendByMail: "Por favor, envíenmela por correo postal a la dirección de arriba.",
  sendByMailOrEmail: "Por favor, envíenmela por correo postal a la dirección de arriba o por correo electrónico a [email].",
  lawyer:
    "Un abogado me representa en relación con esta deuda. Por favor, comuníquense con mi abogado y no conmigo: [lawyerName], [lawyerAddress], [lawyerPhone].",
  times: "Estos horarios son inconvenientes para mí, así que les pido que no se comuniquen conmigo en ellos: {times} ({zone}).",
  localTime: "mi hora local",
  work: "Mi lugar de trabajo es un lugar inconveniente para mí, así que les pido que no se comuniquen conmigo en el trabajo.",
  otherPlaces: "Estos lugares son inconvenientes para mí, así que les pido que no se comuniquen conmigo en ellos: {places}.",
  ways: "Les pido que no se comuniquen conmigo por {ways}.",
  noChoices: "[choices]",
  reachByMail: "Pueden comunicarse conmigo por correo postal a la dirección de arriba.",
  reachByMailOrEmail: "Pueden comunicarse conmigo por correo postal a la dirección de arriba o por correo electrónico a [email].",
  signOff: "Atentamente,",
  wayWords: { calls: "llamadas telefónicas", texts: "mensajes de texto", emails: "correo electrónico" },
  // Spanish lists its own way ("a, b o c", and "u" before an o- sound): the language's own rule, from Intl.
  orList: (items) => new Intl.ListFormat("es", { type: "disjunction" }).format(items),
};
