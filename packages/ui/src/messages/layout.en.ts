/** The layout's words (header, menu, footer) on every page. */
export const LAYOUT_EN = {
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
