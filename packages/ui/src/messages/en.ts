/**
 * The English messages of the consumer's side, by key: ICU MessageFormat (plurals, selects,
 * `{name}` arguments). The Spanish catalogue (`es.ts`) must have every key with the same
 * arguments (typed, and checked by `test/messages.test.ts`). Keys name where a message is shown.
 */
export const EN = {
  "layout.skipLink": "Skip to main content",
  "layout.nav.label": "Main",
  "layout.nav.home": "Home",
  "layout.nav.connections": "Connections & drafts",
  "layout.nav.place": "Place accounts",
  "layout.nav.resolve": "Resolve",
  "layout.nav.developers": "Developers",
  "layout.signIn": "Sign in",
  "layout.signOut": "Sign out",
  "layout.signedInAs": "Signed in as {name}",
  "layout.language.label": "Language",
  "layout.footer":
    "{service} saves drafts for people to review. It never sends messages, moves money, accepts settlements, negotiates offers or gives legal advice.",
  "layout.timeZoneNote": "Dates and times are shown in {zone}.",
} as const;
