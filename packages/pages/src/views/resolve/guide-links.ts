/**
 * The public sources the Resolve pages link to, spelled once. The service writes no dispute and no
 * stop-contact letter (it gives no legal advice): for those it links to the CFPB's own sample
 * letters. Addresses are the agencies' own pages; check them when the guide is next reviewed.
 */
import type { MessageKey } from "@connector/ui";

export interface SourceLink {
  href: string;
  /** The link's words in the catalogue, said in the reader's language (`SourceAnchor`). */
  label: MessageKey;
  /**
   * A letter's title, in English as the CFPB writes it: the one to choose on a page that lists several
   * (a dispute), or the title of the letter the link opens itself (stopping contact).
   */
  letter?: string;
}

export const CFPB_LINKS = {
  /** The CFPB's page of its five sample letters to debt collectors (2013, kept current by the CFPB). */
  sampleLetters: {
    href: "https://www.consumerfinance.gov/consumer-tools/debt-collection/answers/sample-letters/",
    label: "resolve.link.sampleLetters",
  },
  /** "I don't owe this debt" and "Tell me more about this debt" are among them (a dispute; documents). */
  dispute: {
    href: "https://www.consumerfinance.gov/consumer-tools/debt-collection/answers/sample-letters/",
    label: "resolve.link.dispute",
    letter: "I don't owe this debt",
  },
  /**
   * The letter itself, "I want the debt collector to stop contacting me": a Word file (English only), at the
   * address the CFPB's own answer page links it from ("What should I do when a debt collector contacts me?",
   * ask-cfpb en-1695), as read in a stored copy of that page (docs/resolve-claims.md, issue 48 item 14).
   */
  stopContacting: {
    href: "https://www.consumerfinance.gov/f/201509_cfpb_debt-collection-letter-3_stop-contacting.doc",
    label: "resolve.link.stopContacting",
    letter: "Stop contacting me",
  },
  complaint: {
    href: "https://www.consumerfinance.gov/complaint/",
    label: "resolve.link.complaint",
  },
} as const satisfies Record<string, SourceLink>;

/** Where a person finds their own state attorney general (the National Association of Attorneys General's list). */
export const STATE_ATTORNEY_GENERAL: SourceLink = {
  href: "https://www.naag.org/find-my-ag/",
  label: "resolve.link.attorneyGeneral",
};

/** The rule's current text. */
export const REGULATION_F: SourceLink = {
  href: "https://www.ecfr.gov/current/title-12/chapter-X/part-1006",
  label: "resolve.link.regulationF",
};

/** A section's text on eCFR.gov, for a citation such as "12 CFR 1006.34(c)(2)(iii)". */
export function citationHref(citation: string): string | undefined {
  const section = /12 CFR (1006\.\d+)/.exec(citation)?.[1];
  return section === undefined ? undefined : `https://www.ecfr.gov/current/title-12/section-${section}`;
}
