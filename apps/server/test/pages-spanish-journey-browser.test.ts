import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { DEMO_ACTIVE_OFFER_TERMS } from "@connector/store";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { type PersonInBrowser, signInAt, startBrowser } from "./support/pages-browser.js";
import { startTestService, type TestService } from "./support/test-service.js";
import { callRest } from "./support/tool-callers.js";

/**
 * Issue 40: a Resolve consumer's journey in Spanish, in headless Chromium at 390 px and 1280 px (axe
 * on each page, no serious violation; screenshots with `SCREENSHOT_DIR`). The consumer chooses
 * Spanish with the switch; /resolve shows the Spanish guide; they save a request draft, read its
 * letter in Spanish and then in English (the letter's own `lang`, the page still Spanish), open an
 * offer with its deadline, see a read-only connection said plainly on Connections, and revoke one.
 * `<html lang="es">` on every page. Controls are found by their Spanish names; the pages of the
 * sign-in and the revoke confirmation (another area) by their place.
 */
describe("a consumer's journey in Spanish in a browser", { timeout: 180_000 }, () => {
  let service: TestService;
  let browser: Browser;
  let consumer: PersonInBrowser;
  let reviewPath: string;
  let letterPath: string;

  const pageLanguage = () => consumer.page.locator("html").getAttribute("lang");

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    browser = await startBrowser();
    const { accessToken } = await service.connect({ workspace: "resolve" });
    const relayed = await callRest(service.baseUrl, accessToken, "resolve", "relay_approved_offer", {
      reference: service.service.demo!.summary.activeOfferReference,
    });
    expect(relayed.status).toBe(200);
    reviewPath = new URL(relayed.body.offer.reviewUrl).pathname;
    // A second app, allowed to read only (issue 41).
    await service.connect({ workspace: "resolve", scopes: ["resolve:read"] });
    consumer = await signInAt(browser, service.baseUrl, DEMO_USERS.consumer, "/resolve", { timezoneId: "America/Chicago" });
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it("switches to Spanish and shows /resolve with the guide in Spanish", async () => {
    const { page } = consumer;
    await page.locator('.language-switch a[hreflang="es"]').click();
    await page.waitForURL((url) => url.pathname === "/resolve");
    expect(await pageLanguage()).toBe("es");
    expect((await consumer.context.cookies()).find((cookie) => cookie.name === "lang")?.value).toBe("es");
    const text = await consumer.text();
    expect(text).toContain("La guía");
    expect(text).toContain("Aquí no se acepta ni se paga nada");
    expect(text).toContain("Ofertas aprobadas");
    expect(text).not.toContain("The guide");
    expect(await page.locator("main h2").first().textContent()).not.toBe("The guide");
    await page.locator("details").first().locator("summary").click();
    await consumer.inspect("es-resolve-guide");
  });

  it("saves a request draft and shows its letter in Spanish, then in English on the same Spanish page", async () => {
    const { page } = consumer;
    await page.getByLabel("¿Qué quiere pedir?").selectOption("contact_preference");
    await page.getByLabel("¿A quién va dirigida?").fill("Bayside Collections");
    await page.getByLabel("¿Cómo piensa enviarla?").selectOption("mail");
    await page.getByRole("button", { name: "Guardar el borrador" }).click();
    await page.waitForURL(/\/drafts\//);
    expect(await pageLanguage()).toBe("es");
    expect(await page.locator("#request-text").getAttribute("lang")).toBe("es");

    await page.getByLabel("Horarios que no le convienen (opcional)").fill("antes de las 10 a. m.");
    await page.getByLabel("Sin llamadas telefónicas").check();
    await page.getByRole("button", { name: "Actualizar la carta" }).click();
    await page.waitForURL(/\/letter\?/);
    letterPath = new URL(page.url()).pathname;
    const spanish = (await page.locator("#request-text").textContent()) ?? "";
    expect(spanish).toContain("Para: Bayside Collections");
    expect(spanish).toContain("Les escribo sobre la deuda");
    expect(spanish).toContain("hora central");
    expect(await consumer.text()).toContain("Idioma de la carta");
    await consumer.inspect("es-letter");

    // The letter's language, chosen apart from the page's, kept in the address with the other choices.
    await page.getByRole("radio", { name: "English" }).check();
    await page.getByRole("button", { name: "Mostrar la carta en este idioma" }).click();
    await page.waitForURL(/letterLanguage=en/);
    const address = new URL(page.url());
    expect(address.searchParams.get("times")).toBe("antes de las 10 a. m.");
    expect(address.searchParams.getAll("ways")).toEqual(["calls"]);
    expect(await pageLanguage()).toBe("es");
    expect(await page.locator("#request-text").getAttribute("lang")).toBe("en");
    const english = (await page.locator("#request-text").textContent()) ?? "";
    expect(english).toContain("I am writing about the debt you are attempting to collect.");
    expect(english).toContain("Central Time");
    expect(await page.getByRole("radio", { name: "English" }).isChecked()).toBe(true);
    // The PDF follows the letter's language.
    const pdfHref = (await page.getByRole("link", { name: "Descargar la carta en PDF" }).getAttribute("href")) ?? "";
    expect(pdfHref).toContain("letterLanguage=en");
    const pdf = await page.request.get(`${service.baseUrl}${pdfHref}`);
    expect(pdf.status()).toBe(200);
    const bytes = (await pdf.body()).toString("latin1");
    expect(bytes.startsWith("%PDF")).toBe(true);
    expect(bytes).toContain("(en-US)");
    await consumer.inspect("es-letter-in-english");

    // Updating the choices keeps the letter's language.
    await page.getByLabel("En el trabajo").check();
    await page.getByRole("button", { name: "Actualizar la carta" }).click();
    await page.waitForURL(/work=on/);
    expect(new URL(page.url()).searchParams.get("letterLanguage")).toBe("en");
    expect(await page.locator("#request-text").getAttribute("lang")).toBe("en");
    expect(letterPath).toMatch(/^\/drafts\/[^/]+\/letter$/);
  });

  it("opens an offer with its deadline in Spanish, the creditor's terms as they wrote them", async () => {
    expect(await consumer.open(reviewPath)).toBe(200);
    expect(await pageLanguage()).toBe("es");
    expect(await consumer.page.locator("#offer-terms").textContent()).toBe(DEMO_ACTIVE_OFFER_TERMS);
    const text = await consumer.text();
    expect(text).toContain("Fecha límite: ");
    expect(text).toContain("Nada de lo que haga en esta página la acepta");
    await consumer.inspect("es-offer");
  });

  it("shows the connections, says a read-only one plainly, and revokes one", async () => {
    const { page } = consumer;
    expect(await consumer.open("/connections")).toBe(200);
    expect(await pageLanguage()).toBe("es");
    const text = await consumer.text();
    expect(text).toContain("Solo lectura: puede consultar, pero no puede guardar borradores.");
    expect(text).toContain("Guardar un borrador de solicitud");
    expect(text).toContain("Consultó una oferta aprobada");
    expect(text).toContain("Preferencia de contacto para Bayside Collections");
    await consumer.inspect("es-connections");

    const revokes = page.locator('main a.button.danger[href$="/revoke"]');
    const before = await revokes.count();
    expect(before).toBe(2);
    await revokes.first().click();
    await page.waitForURL(/\/revoke$/);
    expect(await pageLanguage()).toBe("es");
    await page.locator('main form[method="post"] button[type="submit"]').first().click();
    await page.waitForURL(/done=revoked/);
    expect(await pageLanguage()).toBe("es");
    expect(await consumer.text()).toContain("Conexión revocada");
    expect(await consumer.text()).toContain("Conexiones revocadas");
    expect(await revokes.count()).toBe(before - 1);
    await consumer.inspect("es-connections-revoked");
    expect(consumer.errors()).toEqual([]);
  });
});
