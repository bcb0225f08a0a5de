/**
 * The people's pages, by path: one list the layout's navigation, the pages' links and the routers
 * share. The signed-in pages (connections, drafts, place, resolve, invites) are mounted by their own
 * routers; listing them here keeps every link to them spelled once.
 */
export const PAGE_PATHS = {
  home: "/",
  developers: "/developers",
  apiReference: "/developers/reference",
  /** Sign-in and sign-out are @connector/auth's routes (its ENDPOINT_PATHS); the pages link to them. */
  signIn: "/signin",
  signOut: "/signout",
  connections: "/connections",
  place: "/desk/place",
  resolve: "/resolve",
  /** Reads the pages in `language` from now on (a cookie), then goes back to `back` (a path here); served by pages' site routes. */
  language: (language: string, back: string) => `/language/${language}?${new URLSearchParams({ back })}`,
} as const;

/** The name people see in the header and page titles. */
export const SERVICE_NAME = "Connector";
