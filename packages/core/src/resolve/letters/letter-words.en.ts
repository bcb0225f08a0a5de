import type { LetterWords } from "./letter-words.js";

/**
 * The request letters in English, modelled on the CFPB's sample letters; every claim is listed in
 * docs/resolve-claims.md. Neutral: the letters never say the person disputes, owes or refuses the debt.
 */
export const LETTER_WORDS_EN: LetterWords = {
  places: {
    name: "Your name",
    returnAddress: "Your return address",
    date: "Today's date",
    recipientAddress: "their mailing address, from their letter or message",
    reference: "their reference for the debt, from their letter or message, if any",
    how: "phone, letter, email or text message",
    when: "the date they contacted you",
    email: "your email address",
    lawyerName: "your lawyer's name",
    lawyerAddress: "your lawyer's address",
    lawyerPhone: "your lawyer's phone number",
    choices: "the times, places or ways of contact you do not want, or your lawyer's details",
    signature: "Your signature",
  },
  to: "To: {recipient}",
  recipientAddress: "[recipientAddress]",
  reference: "Re: your reference {reference}",
  noReference: "Re: [reference]",
  opening: "I am writing about the debt you are attempting to collect. You contacted me by [how] on [when].",
  documents: [
    "Please send me this information about the debt:",
    "- the name and address of the original creditor;",
    "- the amount of the debt and how it was worked out;",
    "- a copy of the last statement the original creditor sent about this account;",
    "- the date the debt became delinquent;",
    "- what gives you the authority to collect this debt.",
  ],
  notAllRequired: "I understand that you may not be required to give me every item on this list. Please send what you can.",
  sendByMail: "Please send it by mail to the address above.",
  sendByMailOrEmail: "Please send it by mail to the address above or by email to [email].",
  lawyer: "A lawyer represents me about this debt. Please contact my lawyer, not me: [lawyerName], [lawyerAddress], [lawyerPhone].",
  times: "These times are inconvenient for me, so please do not contact me then: {times} ({zone}).",
  localTime: "my local time",
  work: "My workplace is an inconvenient place for me, so please do not contact me at work.",
  otherPlaces: "These places are inconvenient for me, so please do not contact me there: {places}.",
  ways: "Please do not contact me by {ways}.",
  noChoices: "[choices]",
  reachByMail: "You can contact me by mail to the address above.",
  reachByMailOrEmail: "You can contact me by mail to the address above or by email to [email].",
  signOff: "Sincerely,",
  wayWords: { calls: "phone calls", texts: "text messages", emails: "email" },
  // The house's lists have no comma before "or" ("pay, dispute or settle").
  orList: (items) => (items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`),
};
