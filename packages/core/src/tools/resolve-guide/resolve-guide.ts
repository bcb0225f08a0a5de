/**
 * The Resolve guide (spec §1, §2.4, §2.5): plain-English help for a consumer who is reviewing
 * debt-collection contact and preparing requests in this service. get_resolve_guide returns it.
 *
 * Rules of the content:
 * - Neutral: it explains what the rules say and how the service works. It never says whether to
 *   pay, dispute, settle or ignore anything, and never says whether a debt is valid or owed.
 * - Every point that states a rule lists its citation in `citations`, written as
 *   "12 CFR 1006.34(b)(5)". Points about records, the service or getting help state no rule.
 * - Written in the product's own words. Check each citation against the current eCFR text of
 *   12 CFR part 1006 before changing it.
 * - The Spanish guide (resolve-guide.es.ts) says the same, section by section: a change here is
 *   made there too (test/resolve-guides.test.ts fails on a section, point or citation that differs).
 */
import { deepFreeze } from "./deep-freeze.js";
import type { ResolveGuide } from "./guide-shape.js";

export type { GuideSection, ResolveGuide } from "./guide-shape.js";

export const RESOLVE_GUIDE: ResolveGuide = deepFreeze<ResolveGuide>({
  version: "1.4",
  summary:
    "This guide explains, in plain words, what the federal debt collection rule (Regulation F, 12 CFR part 1006) " +
    "says about validation notices, asking for documents or the original creditor's name and address, limiting or " +
    "stopping contact, and old debts, and how to keep records. It also explains what this service does: it saves " +
    "request drafts (a request for documents, or a contact preference) for you to review and send yourself, and it " +
    "shows offers exactly as the creditor or agency approved them. It never sends anything for you, and it does not " +
    "tell you whether to pay, dispute or settle.",
  sections: [
    {
      id: "validation-notice",
      title: "The validation notice: what it contains and when it arrives",
      points: [
        "A debt collector must give you the validation information either in its first communication with you about the debt or in a notice sent within five days after that first communication. It may also give the information out loud in that first communication. If the debt is paid before a notice would be due, no notice is required.",
        "The notice must name the debt collector and give its mailing address, and give your name and mailing address.",
        "It must give the account number (if any) on the itemization date and name the current creditor. For a debt related to a consumer financial product or service, such as a credit card or a loan, it must also name the creditor the debt was owed to on the itemization date; not every debt is one (a medical debt, for example, generally is not).",
        "It must list what the debt was on the itemization date, then the interest, fees, payments and credits since that date, and the current amount of the debt.",
        "It must give the date the validation period ends and explain how you can dispute the debt or ask for the original creditor's name and address by that date. It also includes a response section you can fill in and return.",
        "The itemization date is one of five reference dates: the date of the last statement, the charge-off date, the date of the last payment, the transaction date, or the judgment date. The collector picks one it can work from and is expected to use the same date consistently.",
        "The validation period ends 30 days after you receive the validation information. To work out the end date, the rule lets the collector assume you received it on any day at least five days after it provided it, not counting Saturdays, Sundays and federal legal holidays. The notice states the end date the collector worked out.",
        "The notice must also say that, unless you contact the collector to dispute the debt or any part of it on or before the end date, the collector will assume the debt is valid. A dispute or request made on the end date itself is within the period.",
        "The rule says that not disputing a debt is not an admission that you owe it. A court may not treat a failure to dispute as an admission that you are liable for the debt.",
        "The CFPB suggests writing down the date the notice actually reached you and keeping the envelope or the message it came in.",
        "A validation notice may offer you a copy in Spanish. It may say, in Spanish, \"Póngase en contacto con nosotros para solicitar una copia de este formulario en español\" (contact us to ask for a copy of this form in Spanish), or its response section may have a box to ask for one, \"Quiero este formulario en español\". If the collector offers a Spanish copy and you ask for it, the collector must send you a validation notice in Spanish.",
      ],
      citations: [
        "12 CFR 1006.34(a)(1)",
        "12 CFR 1006.34(a)(2)",
        "12 CFR 1006.34(c)",
        "12 CFR 1006.34(c)(2)(iii)",
        "12 CFR 1006.2(f)",
        "12 CFR 1006.34(c)(4)",
        "12 CFR 1006.34(b)(3)",
        "12 CFR 1006.34(b)(5)",
        "12 CFR 1006.34(c)(3)(iii)",
        "12 CFR 1006.38(d)(1)",
        "12 CFR 1006.34(d)(3)(vi)",
      ],
    },
    {
      id: "documents-and-original-creditor",
      title: "Asking for documents, verification or the original creditor",
      points: [
        "If you dispute all or part of the debt in writing within the validation period, the collector must stop collecting the disputed debt or part until it sends you verification of the debt or a copy of a judgment.",
        "If you ask in writing within the validation period for the name and address of the original creditor, the collector must stop collecting the debt until it sends you that name and address.",
        "During the validation period the collector may keep collecting unless it receives such a written dispute or request. What it does during the period must not overshadow, or be inconsistent with, your right to dispute the debt or to ask for the original creditor's name and address.",
        "A request for documents or information is not necessarily a dispute. The pause in collection and the verification described above follow a written dispute made within the validation period (or, for the original creditor's name and address, a written request for them).",
        "Under the official interpretation of the rule, a dispute or request is in writing when it is mailed, returned on the response section of the validation notice, delivered in person or by courier, or sent electronically. An email or a website message counts only when it goes to an email address or website portal the collector accepts for messages from consumers.",
        "You can still dispute or ask for information after the validation period ends. The duty to pause collection described above applies to written disputes and requests made within the period.",
        "In this service, a request-for-documents draft asks for a fixed list: the original creditor's name and address, the amount of the debt and how it was worked out, a copy of the last statement the original creditor sent about the account, the date the debt became delinquent, and what gives the collector authority to collect it. It is modelled on the CFPB's sample letter \"Tell me more about this debt\", which asks for more than this list; the CFPB publishes that letter for anyone who wants to ask for everything it lists. The letter says, as the CFPB's sample letter does, that the collector may not be required to give every item on the list. It does not say that you dispute the debt. You can change the copied text before sending it; what you ask for, and whether you send it, is your decision.",
        "This service does not write a dispute letter. The CFPB publishes its own sample letter for disputing a debt (\"I don't owe this debt\") among its sample letters to debt collectors.",
      ],
      citations: [
        "12 CFR 1006.38(d)(2)",
        "12 CFR 1006.38(c)",
        "12 CFR 1006.38(b)(1)",
        "FDCPA section 809(b) (15 U.S.C. 1692g(b))",
        "12 CFR 1006.38, comment 38-1",
        "12 CFR 1006.34(b)(5)",
      ],
    },
    {
      id: "limiting-contact",
      title: "Limiting or stopping contact",
      points: [
        "Unless a collector knows otherwise, calls or other contact before 8 a.m. or after 9 p.m. your local time are treated as inconvenient. You can tell the collector that other times or places are inconvenient for you, and it must not contact you then or there. This does not have to be in writing.",
        "A collector must not contact you at work if it knows or has reason to know your employer does not allow such contact.",
        "If a collector knows you have a lawyer for the debt and knows, or can easily find out, the lawyer's name and address, it must not contact you about the debt, unless the lawyer does not respond within a reasonable time or agrees to the collector contacting you. The rule does not require the collector to contact the lawyer.",
        "You can ask a collector not to use a particular way of reaching you, such as phone calls, text messages or email, or not to use a particular phone number or email address. You can ask out loud; for example, saying \"stop calling\" is a request not to use phone calls.",
        "Every email, text message or other electronic message from a collector must include a simple way to opt out of further electronic messages to that address or number.",
        "A collector is presumed to be harassing you if it calls about a particular debt more than seven times within seven days, or calls within seven days after a phone conversation with you about that debt. Some calls, such as ones you agreed to in advance, are not counted.",
        "If you tell a collector in writing that you refuse to pay the debt or that you want it to stop contacting you, it must stop communicating with you about that debt, except to tell you it is ending its efforts, or that it or the creditor may use, or intends to use, a specific remedy such as a lawsuit.",
        "A written stop-contact request does not cancel the debt and does not by itself prevent a lawsuit or other remedies the collector or creditor may lawfully use. It also means the collector will generally not contact you with information about the debt.",
        "In this service, on a contact-preference draft's page you state in plain words the times, places and ways of contact you do not want, and whether a lawyer represents you; the letter's text follows what you state, with marked places for your lawyer's details, the collector's address, and the time zone of the times you give. The letter leaves mail open, so the collector still has a way to reach you. Your choices are kept in that page's address, not saved by the service, and neither saving, copying, printing nor downloading the letter sends it.",
        "This service does not write a letter asking a collector to stop all contact. The CFPB publishes its own sample letter for that (\"Stop contacting me\") among its sample letters to debt collectors.",
      ],
      citations: [
        "12 CFR 1006.6(b)(1)",
        "12 CFR 1006.6(b)(3)",
        "12 CFR 1006.6(b)(2)",
        "12 CFR 1006.14(h)",
        "12 CFR 1006.6(e)",
        "12 CFR 1006.14(b)(2)",
        "12 CFR 1006.14(b)(3)",
        "12 CFR 1006.6(c)",
      ],
    },
    {
      id: "old-debts",
      title: "Old (time-barred) debts",
      points: [
        "A debt is time-barred when the period for suing on it, set by the applicable law, has run out. A debt collector must not sue you, or threaten to sue you, to collect a time-barred debt.",
        "The rule limits lawsuits and threats of lawsuits; it does not say that an old debt disappears.",
        "How long that period is, whether it has run out, and whether a payment or a written acknowledgment restarts or extends it all depend on state law. This service does not answer those questions. A lawyer or a legal aid office can.",
        "If you are served with court papers, court deadlines apply whatever the age of the debt. A lawyer, a legal aid office or the court's self-help center can explain them.",
      ],
      citations: ["12 CFR 1006.26(a)", "12 CFR 1006.26(b)"],
    },
    {
      id: "keeping-records",
      title: "Keeping records",
      points: [
        "The CFPB suggests sending a request within 30 days of receiving the validation information, if you can, so that it arrives within the validation period.",
        "It suggests dating every letter you send and keeping an exact copy of it, and keeping what you receive.",
        "It suggests sending in a way that gives proof of receipt, such as certified mail with a return receipt, and keeping that proof.",
        "It suggests keeping notes of every call: the date, the time and the name of the person you spoke to.",
        "It suggests getting the terms of any settlement in writing before you pay.",
        "The validation period has a fixed end date, so the dates a request is sent and arrives can matter. Records make those dates easy to show.",
      ],
      citations: [],
    },
    {
      id: "how-this-service-works",
      title: "How this service works",
      points: [
        "You (or an assistant acting for you) can save a request draft of two kinds: a request for documents, to ask for information about a debt, or a contact preference, to say which times, places and ways of contact you do not want, or that a lawyer represents you.",
        "Each draft names the recipient and may carry a short reference. Do not put Social Security numbers or other government ID numbers, full account numbers, card or bank details, or health information into a draft.",
        "Each draft also records how you plan to send it yourself: by mail, by email (to an address the collector accepts), in writing another way, or not decided yet (the default: the draft just stays saved here). The service never sends or relays anything, so a collector cannot reply through it. The letter asks the collector to answer by mail, or also by email when you plan to send it by email.",
        "The letter has marked places, in square brackets, for what you add after copying: your name, your return address, the date, your signature, how and when the collector contacted you, and an email address where one is asked for. The service keeps none of these.",
        "Drafts are saved in your account for your review and are never sent automatically. You can copy a draft and send it yourself, in the way you choose.",
        "Marking a draft reviewed means only that you have looked at it. It does not mean the draft was sent, delivered, received or accepted by anyone.",
        "A draft is a neutral request. It is not a legal notice, and saving it does not decide anything about the debt.",
        "If a creditor or agency has approved an offer for an account you are verified for, the service shows it exactly as they set it, with its offer id, its expiry and a review link. Only active offers that have not expired are shown.",
        "The service never proposes, counters, calculates, negotiates or changes an offer. Nothing is accepted or paid unless you take that step yourself.",
      ],
      citations: [],
    },
    {
      id: "what-this-service-never-does",
      title: "What this service never does",
      points: [
        "It never delivers or sends messages to anyone, including collectors and creditors.",
        "It never accepts a settlement on your behalf.",
        "It never charges, schedules, refunds or transfers money.",
        "It never proposes, counters, calculates, negotiates or changes offer amounts or terms.",
        "It never decides whether a debt is valid or whether you owe it.",
        "It never gives legal advice.",
        "It never looks at the lowest amount a creditor would accept for a debt.",
        "Resolve charges consumers no fee.",
      ],
      citations: [],
    },
    {
      id: "scope-and-help",
      title: "Who these rules cover, and where to get help",
      points: [
        "Regulation F applies to debt collectors: generally businesses whose main purpose is collecting debts, or that regularly collect debts owed to someone else, including many debt buyers. A creditor collecting its own debt under its own name is generally not covered, although other laws may apply.",
        "Your state's laws may give you more protection than the federal rule. This guide does not cover state law.",
        "For advice about your own situation, you can talk to a lawyer or a legal aid office.",
        "You can submit a complaint about a debt collector to the Consumer Financial Protection Bureau or to your state attorney general.",
      ],
      citations: ["12 CFR 1006.1(c)", "12 CFR 1006.2(i)(1)"],
    },
  ],
  whatThisServiceNeverDoes: [
    "Deliver or send messages to anyone.",
    "Accept a settlement on anyone's behalf.",
    "Charge, schedule, refund or transfer money.",
    "Propose, counter, calculate, negotiate or change offer amounts or terms.",
    "Determine whether a debt is valid or owed.",
    "Give legal advice.",
    "Look at the lowest amount a creditor would accept for a debt.",
  ],
  fees:
    "Resolve charges consumers no fee. Sending a request yourself may have its own costs, such as postage or certified mail, which are not charged by this service.",
  notLegalAdvice:
    "This guide is general information about federal rules, written in plain words. It is not legal advice, it does not cover state law, and it does not say whether any debt is valid or owed or what to do about it. For advice about your situation, talk to a lawyer or a legal aid office. The rule itself is 12 CFR part 1006; its current text is on eCFR.gov.",
});
