import type { SignedInPersonView } from "@connector/core/ports";
import type { ComponentChildren } from "preact";
import { COPY_SCRIPT, FAVICON, FORM_ERRORS_SCRIPT, LOCAL_TIME_SCRIPT, STYLESHEET } from "./assets.js";
import { TimeZoneNote } from "./components/local-time.js";
import { LanguageSwitch } from "./components/language-switch.js";
import { Name } from "./components/name.js";
import { message, richMessage } from "./messages/catalogue.js";
import { readerLanguage } from "./reader/reader.js";
import { LOCALES } from "./time/locales.js";
import { PAGE_PATHS, SERVICE_NAME } from "./page-paths.js";

/** The signed-in person as the header shows them (core's shape, shared with the OAuth server). Nothing else about them reaches the layout. */
export type SignedInPerson = SignedInPersonView;

export interface LayoutProps {
  /** The page's own title; the document title adds the service name. */
  title: string;
  /** Present when someone is signed in: the header names them and offers sign-out. */
  person?: SignedInPerson | undefined;
  /** This page's path, so its navigation link is marked current. */
  path?: string | undefined;
  /** `narrow` for single-form pages (sign-in, consent); `wide` (default) for lists and tables. */
  width?: "narrow" | "wide";
  /** Extra same-origin stylesheets and scripts for one page (e.g. the API reference's renderer). */
  stylesheets?: readonly string[];
  scripts?: readonly string[];
  children: ComponentChildren;
}

interface NavLink {
  href: string;
  label: string;
}

function navigation(person: SignedInPerson | undefined): NavLink[] {
  const links: NavLink[] = [{ href: PAGE_PATHS.home, label: message("layout.nav.home") }];
  if (person !== undefined) {
    links.push({ href: PAGE_PATHS.connections, label: message("layout.nav.connections") });
    if (person.deskMember) links.push({ href: PAGE_PATHS.place, label: message("layout.nav.place") });
    if (person.consumer) links.push({ href: PAGE_PATHS.resolve, label: message("layout.nav.resolve") });
  }
  // Developers' pages are for those who build agents: not a menu item for someone who only reviews debt contact.
  const consumerOnly = person !== undefined && person.consumer && !person.deskMember;
  if (!consumerOnly) links.push({ href: PAGE_PATHS.developers, label: message("layout.nav.developers") });
  return links;
}

/** `page` on the link's own page, `true` on a page below it (the API reference under Developers). */
function currentness(href: string, path: string | undefined): "page" | "true" | undefined {
  if (path === undefined) return undefined;
  if (path === href) return "page";
  return href !== "/" && path.startsWith(`${href}/`) ? "true" : undefined;
}

/** Sign-out on every page while signed in (issue 12 §7): a POST with the session's CSRF token. */
function SignOutForm({ token }: { token: string }) {
  return (
    <form method="post" action={PAGE_PATHS.signOut}>
      <input type="hidden" name="csrf_token" value={token} />
      <button type="submit" class="link">
        {message("layout.signOut")}
      </button>
    </form>
  );
}

function Header({ person, path }: Pick<LayoutProps, "person" | "path">) {
  return (
    <header class="site-header">
      <div class="bar">
        <a class="brand" href={PAGE_PATHS.home}>
          {SERVICE_NAME}
        </a>
        <nav class="site-nav" aria-label={message("layout.nav.label")}>
          <ul>
            {navigation(person).map((link) => (
              <li key={link.href}>
                <a href={link.href} aria-current={currentness(link.href, path)}>
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="person">
          {person === undefined ? (
            <a href={PAGE_PATHS.signIn}>{message("layout.signIn")}</a>
          ) : (
            <>
              <span>
                {richMessage("layout.signedInAs", { name: <Name>{person.displayName}</Name> })}
              </span>
              <SignOutForm token={person.signOutToken} />
            </>
          )}
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}

/** The one page frame: skip link, header with navigation and sign-out, `<main>`, the plain-words footer. */
export function Layout(props: LayoutProps) {
  return (
    <html lang={readerLanguage()} data-locale={LOCALES[readerLanguage()]}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${props.title} · ${SERVICE_NAME}`}</title>
        <link rel="icon" type="image/svg+xml" href={FAVICON.path} />
        <link rel="stylesheet" href={STYLESHEET.path} />
        {(props.stylesheets ?? []).map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <script src={COPY_SCRIPT.path} defer />
        <script src={LOCAL_TIME_SCRIPT.path} defer />
        <script src={FORM_ERRORS_SCRIPT.path} defer />
        {(props.scripts ?? []).map((src) => (
          <script key={src} src={src} defer />
        ))}
      </head>
      <body>
        <a class="skip-link" href="#main">
          {message("layout.skipLink")}
        </a>
        <Header person={props.person} path={props.path} />
        <main id="main" class={props.width === "narrow" ? "narrow" : undefined}>
          {props.children}
        </main>
        <footer class="site-footer">
          <p>{message("layout.footer", { service: SERVICE_NAME })}</p>
          <TimeZoneNote />
        </footer>
      </body>
    </html>
  );
}
