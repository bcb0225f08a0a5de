import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { findUntranslatedCsvText, translatedMessages } from "@connector/testkit";
import { CATALOGUES } from "@connector/ui";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession } from "./support/api-v1-client.js";
import { type PersonInBrowser, signInAt, startBrowser } from "./support/pages-browser.js";
import { startTestService, type TestService } from "./support/test-service.js";

/**
 * Issue 48 items 6 and 7: a consumer reading in Spanish, in headless Chromium, off the beaten path:
 * the offer that expired is listed on /resolve as past its deadline and its link says so in Spanish;
 * the Desk pages and an agency's invitation link say, in Spanish and plain words, that they are for
 * companies, with the way back to Resolve; the draft history's CSV is in Spanish. Axe at 390 px and
 * 1280 px on each page (screenshots with `SCREENSHOTS=1`).
 */
describe("a consumer in Spanish off their own pages", { timeout: 180_000 }, () => {
  let service: TestService;
  let browser: Browser;
  let consumer: PersonInBrowser;

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    browser = await startBrowser();
    consumer = await signInAt(browser, service.baseUrl, DEMO_USERS.consumer, "/resolve", { timezoneId: "America/Los_Angeles" });
    await consumer.context.addCookies([{ name: "lang", value: "es", url: service.baseUrl }]);
  });
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it("lists the expired offer as past its deadline, and its link says so in Spanish (410)", async () => {
    const expiredReference = service.service.demo!.summary.expiredOfferReference;
    expect(await consumer.open("/resolve")).toBe(200);
    const approved = (await consumer.page.getByRole("table", { name: "Ofertas que los acreedores aprobaron para sus cuentas" }).textContent()) ?? "";
    expect(approved).not.toContain(expiredReference);
    // At 390 px each cell's value stays in its own column, beside its label (the deadline's time included).
    await consumer.page.setViewportSize({ width: 390, height: 844 });
    const deadline = consumer.page.getByRole("table", { name: "Ofertas que los acreedores aprobaron para sus cuentas" }).locator("td").nth(1);
    const [label, value] = await deadline.evaluate((cell) => [cell.getBoundingClientRect().left, (cell.querySelector(".muted") as HTMLElement).getBoundingClientRect().left]);
    expect(value! - label!).toBeGreaterThan(100);
    await consumer.page.setViewportSize({ width: 1280, height: 720 });
    const expired = consumer.page.getByRole("table", { name: /^Ofertas que vencieron en los últimos 30 días/ });
    expect(await expired.textContent()).toContain(expiredReference);
    await consumer.page.getByRole("link", { name: `Sobre la oferta para ${expiredReference}` }).click();
    await consumer.page.waitForURL(/\/resolve\/offers\//);
    expect(await consumer.page.locator("html").getAttribute("lang")).toBe("es");
    expect(await consumer.page.locator("h1").textContent()).toBe(`La oferta para la cuenta ${expiredReference} venció`);
    const text = await consumer.text();
    expect(text).toContain("Su fecha límite era esta fecha y hora:");
    expect(text).toContain("Solo el acreedor puede decirle si una oferta sigue vigente");
    expect(text).not.toMatch(/expired|withdrawn|This offer/);
    expect((await consumer.page.request.get(consumer.page.url())).status()).toBe(410);
    await consumer.inspect("es-offer-expired");
    await consumer.page.getByRole("link", { name: "Volver a Resolve" }).click();
    await consumer.page.waitForURL((url) => url.pathname === "/resolve");
  });

  it("says the Desk pages are for companies, in Spanish, with the way back to Resolve", async () => {
    for (const path of ["/desk/place", "/desk/agency"]) {
      expect(await consumer.open(path), path).toBe(403);
      expect(await consumer.page.locator("html").getAttribute("lang")).toBe("es");
      expect(await consumer.page.locator("h1").textContent()).toBe("Esta página es para acreedores y agencias de cobranza");
      const text = await consumer.text();
      expect(text).not.toMatch(/Desk staff|agency|place screen/);
    }
    await consumer.inspect("es-desk-agency-consumer");
    await consumer.page.getByRole("link", { name: "Ir a Resolve" }).click();
    await consumer.page.waitForURL((url) => url.pathname === "/resolve");
  });

  it("says an agency's invitation link is for a company, in Spanish, live or not", async () => {
    const agency = await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner);
    const minted = await agency.call("POST", "/agency/invites", { label: "Forwarded by mistake", expiresInDays: 1 });
    expect(minted.status).toBe(201);
    for (const path of [new URL(minted.body.url).pathname, "/invite/inv_not-a-real-link"]) {
      expect(await consumer.open(path), path).toBe(200);
      expect(await consumer.page.locator("h1").textContent()).toBe("Esta invitación es para una empresa");
      expect(await consumer.text()).not.toMatch(/Desk|invitation/);
      expect(await consumer.page.getByRole("button").filter({ hasText: /Aceptar|Accept/ }).count()).toBe(0);
    }
    await consumer.inspect("es-invite-consumer");
    await consumer.page.getByRole("link", { name: "Ir a Resolve" }).click();
    await consumer.page.waitForURL((url) => url.pathname === "/resolve");
  });

  it("gives a draft's history as CSV in Spanish, naming the person", async () => {
    const { page } = consumer;
    await page.getByLabel("¿Qué quiere pedir?").selectOption("documents");
    await page.getByLabel("¿A quién va dirigida?").fill("Bayside Collections");
    await page.getByRole("button", { name: "Guardar el borrador" }).click();
    await page.waitForURL(/\/drafts\/[^/]+$/);
    const href = (await page.getByRole("link", { name: "Descargar el historial en CSV" }).getAttribute("href")) ?? "";
    const answer = await page.request.get(`${service.baseUrl}${href}`);
    expect(answer.status()).toBe(200);
    const csv = await answer.text();
    expect(csv.split("\r\n")[0]).toBe("borrador,fecha_utc,acción,quién");
    expect(csv).toContain(`Guardado,"${DEMO_USERS.consumer.displayName}, en este sitio"`);
    const englishMessages = translatedMessages(CATALOGUES.en, CATALOGUES.es);
    expect(findUntranslatedCsvText(csv, { englishMessages, names: ["Bayside Collections", DEMO_USERS.consumer.displayName] })).toEqual([]);
  });

  it("keeps /resolve, /connections and the draft page within a phone's 390 px with a 120-character unbroken recipient (issue 48 item 5)", async () => {
    const { page } = consumer;
    const recipient = "BaysideCollectionsRecoveryServicesIncorporated".repeat(3).slice(0, 120);
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      expect(await consumer.open("/resolve")).toBe(200);
      await page.getByLabel("¿Qué quiere pedir?").selectOption("contact_preference");
      await page.getByLabel("¿A quién va dirigida?").fill(recipient);
      await page.getByRole("button", { name: "Guardar el borrador" }).click();
      await page.waitForURL(/\/drafts\/[^/]+$/);
      const draftPath = new URL(page.url()).pathname;
      for (const path of ["/resolve", "/connections", draftPath]) {
        expect(await consumer.open(path), path).toBe(200);
        expect(await consumer.text()).toContain(recipient);
        const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, title: document.querySelector("h1")!.getBoundingClientRect().right }));
        expect(widths.page, path).toBeLessThanOrEqual(390);
        expect(widths.title, path).toBeLessThanOrEqual(390);
      }
      await consumer.open("/resolve");
      await consumer.inspect("es-resolve-long-recipient");
      // Issue 48 item 15: an address edited by hand with one choice too long makes no PDF without the choices.
      const refused = await page.request.get(`${service.baseUrl}${draftPath}/letter.pdf?times=${"x".repeat(201)}&ways=calls&work=on`);
      expect(refused.status()).toBe(400);
      expect(refused.headers()["content-type"]).toContain("text/html");
      expect(await refused.text()).toContain("No se creó el archivo de la carta");
      expect((await page.request.get(`${service.baseUrl}${draftPath}/letter.pdf?times=antes%20de%20las%2010&ways=calls`)).status()).toBe(200);
      await consumer.open(draftPath);
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });

  it("no longer offers a discarded request's letter to copy or download (issue 48 item 12)", async () => {
    const { page } = consumer;
    const draftPath = new URL(page.url()).pathname;
    const pdfHref = (await page.getByRole("link", { name: "Descargar la carta en PDF" }).getAttribute("href")) ?? "";
    const reviewToken = (await page.locator(`form[action="${draftPath}/review"] input[name="csrf_token"]`).getAttribute("value")) ?? "";
    await page.getByRole("link", { name: "Descartar…" }).click();
    await page.getByRole("button", { name: "Sí, descartar este borrador" }).click();
    await page.waitForURL(/done=discarded/);
    expect(new URL(page.url()).pathname).toBe(draftPath);
    const text = await consumer.text();
    expect(text).toContain("Esta solicitud se descartó");
    expect(text).not.toContain("Su carta, lista para que usted la envíe");
    expect(await page.getByRole("button", { name: "Copiar la carta" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Descargar la carta en PDF" }).count()).toBe(0);
    const pdf = await page.request.get(`${service.baseUrl}${pdfHref}`);
    expect(pdf.status()).toBe(409);
    expect(pdf.headers()["content-type"]).toContain("text/html");
    // A refusal on the draft's page (a tab left open on it, then "Marcar como revisado") is in Spanish too.
    const late = await page.request.post(`${service.baseUrl}${draftPath}/review`, { form: { csrf_token: reviewToken }, maxRedirects: 0 });
    expect(late.status()).toBe(409);
    expect(await late.text()).toContain("Este borrador está cerrado: ya no se puede hacer nada más con él.");
    await consumer.inspect("es-draft-discarded");
    expect(consumer.errors()).toEqual([]);
  });
});
