/** The guide's shape, the same in every language (resolve-guide.ts, resolve-guide.es.ts). */
export interface GuideSection {
  /** The same in every language: what pages and tests find a section by. */
  id: string;
  title: string;
  points: string[];
  /** The same in every language: the sections of the rule the points rest on. */
  citations: string[];
}

export interface ResolveGuide {
  version: string;
  summary: string;
  sections: GuideSection[];
  whatThisServiceNeverDoes: string[];
  fees: string;
  notLegalAdvice: string;
}

/** A guide's words in another language: everything but the version and the citations, which are the English guide's. */
export interface GuideWords extends Omit<ResolveGuide, "version" | "sections"> {
  sections: Array<Omit<GuideSection, "citations">>;
}
