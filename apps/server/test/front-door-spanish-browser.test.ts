import { inspectPage, OAuthTestClient, VIEWPORTS } from "@connector/testkit";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { useFrontDoor } from "./support/front-door-fixture.js";

/**
 * Issue 40: a reader whose browser prefers Spanish (`Accept-Language: es-US`) meets the front door,
 * sign-in (a wrong password included, whose words come from the pages, not the OAuth server) and
 * consent in Spanish, at phone and desktop width: `<html lang="es">`, Spanish titles, axe, and the
 * read-only choice in Spanish. Screenshots with `SCREENSHOT_DIR`.
 */
const door = useFrontDoor();

async function openSpanish(path: string): Promise<Page> {
  return door.open(path, { locale: "es-US", extraHTTPHeaders: { "Accept-Language": "es-US,es;q=0.9" } });
}

async function expectSpanish(page: Page, title: string): Promise<void> {
  expect(await page.locator("html").getAttribute("lang")).toBe("es");
  expect(await page.title()).toContain(title);
}

async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña").fill(user.password);
  await page.getByRole("main").getByRole("button", { name: "Iniciar sesión" }).click();
}

describe("the front door, sign-in and consent in Spanish", () => {
  it("shows the home page in Spanish at both widths", async () => {
    const page = await openSpanish("/");
    await expectSpanish(page, "Inicio");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Connector: su agente prepara, usted decide");
    expect(await page.getByRole("heading", { name: "Cómo obtener una cuenta o volver a entrar" }).count()).toBe(1);
    await inspectPage(page, "es-home");
  });

  it("walks sign-in (a wrong password first) to consent, whose read-only choice is in Spanish", async () => {
    const agent = await OAuthTestClient.register({ baseUrl: door.service.baseUrl, callbackUrl: door.agentCallback.url }, { client_name: "Asistente de Ana" });
    const prepared = await agent.prepare({ scope: "resolve:read resolve:drafts", resource: `${door.service.baseUrl}/mcp/resolve` });
    const page = await openSpanish(prepared.url.pathname + prepared.url.search);
    await page.waitForURL((url) => url.pathname === "/signin");
    await expectSpanish(page, "Iniciar sesión");
    expect(await page.getByRole("main").textContent()).toContain("Una app pidió conectarse a su espacio de trabajo.");
    await inspectPage(page, "es-signin");

    // The OAuth server says why (a reason code); the page says it in the reader's language, after the form's body was read.
    door.expectStatus(401);
    await signIn(page, { email: DEMO_USERS.consumer.email, password: "not the password" });
    expect(await page.getByRole("alert").textContent()).toContain("El correo electrónico o la contraseña no son correctos.");
    // Issue 48 item 15: the person lands on the password to type again, not on the page's body.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("password");
    await expectSpanish(page, "Iniciar sesión");
    await inspectPage(page, "es-signin-error");

    await signIn(page, DEMO_USERS.consumer);
    await page.waitForURL((url) => url.pathname === "/oauth/authorize");
    await expectSpanish(page, "Conectar");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("¿Permite que Asistente de Ana use su espacio de trabajo de Resolve?");
    expect(await page.getByRole("checkbox", { name: "Guardar borradores de Resolve para que una persona los revise" }).isChecked()).toBe(true);
    const readOnly = page.getByRole("button", { name: "Permitir solo lectura" });
    expect(await readOnly.count()).toBe(1);
    expect(await page.locator("#read-only-means").textContent()).toContain("Consultar la guía de Resolve");
    await page.setViewportSize(VIEWPORTS.phone);
    await inspectPage(page, "es-consent");

    // Read only: the agent gets the read scope alone.
    await readOnly.click();
    await page.waitForURL((url) => url.href.startsWith(door.agentCallback.url));
    const callback = agent.validateCallback(new URL(page.url()), prepared.state);
    const tokens = await agent.exchange(callback, prepared.verifier, { resource: `${door.service.baseUrl}/mcp/resolve` });
    expect(tokens.scope).toBe("resolve:read");
  });
});
