import { TEST_DIALECTS } from "@connector/store/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserAt } from "./helpers/browser-at.js";
import { type TestServer, startTestServer } from "./helpers/test-server.js";


const SPACING_MS = 10_000;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const WRONG = "a guessed password";

/**
 * Issue 37, finding 2: after 10 failures an account took one attempt per 10 s, spent by whoever came
 * first, so an attacker firing one wrong guess as each window opened kept the owner's right password
 * at 429. Now a browser that signed in before (OWASP's device cookie) is not paced by others' failures,
 * the right password from a new place waits for its own address's turn only, and the attacker stays
 * paced per account (per address) and per address.
 */
describe("sign-in pacing cannot be turned against the owner", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(TEST_DIALECTS[0]!, { failedSignInsPer15Minutes: 1000 });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Moves the server's clock to the start of a new 15-minute failure window, so a test's failures share one. */
  const freshFailureWindow = () => server.clock.advance(FAILURE_WINDOW_MS - (server.clock.now() % FAILURE_WINDOW_MS));

  /** A new browser tab holding only the device cookie another tab was given (the owner's browser, signed out). */
  const knownBrowser = (address: string, device: string) => {
    const browser = new BrowserAt(server.baseUrl, address);
    browser.setCookie("connector_device", device);
    return browser;
  };

  it("plays the attack: the owner gets in in every window, known browser or new place, while the attacker stays paced", async () => {
    const { email, password } = server.deskOwner;
    freshFailureWindow();
    const owner = new BrowserAt(server.baseUrl, "127.0.0.50");
    expect((await owner.signIn(email, password)).status).toBe(303);
    const device = owner.cookie("connector_device")!;
    expect(device).toBeDefined();

    const attackers = ["127.0.0.11", "127.0.0.12", "127.0.0.13"].map((address) => new BrowserAt(server.baseUrl, address));
    // Ten free failures for the account, spread over the attacker's addresses.
    for (let index = 0; index < 10; index++) expect((await attackers[index % 3]!.signIn(email, WRONG)).status).toBe(401);

    for (let window = 0; window < 8; window++) {
      server.clock.advance(SPACING_MS);
      // The attacker fires first as the window opens, from every address; each address gets one turn.
      for (const attacker of attackers) expect((await attacker.signIn(email, WRONG)).status).toBe(401);
      for (const attacker of attackers) {
        const paced = await attacker.signIn(email, WRONG);
        expect(paced.status).toBe(429);
        expect(Number(paced.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // The owner's known browser is not paced by them.
      expect((await knownBrowser("127.0.0.50", device).signIn(email, password)).status).toBe(303);
      // Nor is the right password from a new browser at a new place: its address's turn is its own.
      expect((await new BrowserAt(server.baseUrl, `127.0.1.${window + 1}`).signIn(email, password)).status).toBe(303);
    }
    // Still paced: the attacker's next guess in the same window waits.
    expect((await attackers[0]!.signIn(email, WRONG)).status).toBe(429);
  });

  it("a forged, tampered or other account's device cookie earns nothing", async () => {
    const { email } = server.deskOwner;
    server.clock.advance(SPACING_MS);
    const consumer = new BrowserAt(server.baseUrl, "127.0.0.60");
    expect((await consumer.signIn(server.consumer.email, server.consumer.password)).status).toBe(303);
    const device = consumer.cookie("connector_device")!;
    // The cookie names the account by id and carries no email.
    expect(device).not.toContain(server.consumer.email);
    const [userId, expiresAt, nonce, signature] = device.split(".");
    const forged = [
      device, // the consumer's own, for the owner's account
      `${server.deskOwner.userId}.${expiresAt}.${nonce}.${signature}`, // another account's id under the same signature
      `${server.deskOwner.userId}.${expiresAt}.${nonce}.${"A".repeat(signature!.length)}`,
    ];
    expect(userId).toBe(server.consumer.userId);
    for (const value of forged) {
      const browser = knownBrowser("127.0.0.61", value);
      // The address's one turn in this window is spent on the first; the forged cookies earn no more.
      const answers = [(await browser.signIn(email, WRONG)).status, (await browser.signIn(email, WRONG)).status];
      expect(answers).toContain(429);
      server.clock.advance(SPACING_MS);
    }
  });

  it("a known browser that keeps failing is paced like any other", async () => {
    const { email, password } = server.deskOwner;
    freshFailureWindow();
    const first = new BrowserAt(server.baseUrl, "127.0.0.70");
    expect((await first.signIn(email, password)).status).toBe(303);
    const browser = knownBrowser("127.0.0.70", first.cookie("connector_device")!);
    // Its own ten failures (also the account's ten) use up its trust; the eleventh waits for its turn.
    for (let index = 0; index < 10; index++) expect((await browser.signIn(email, WRONG)).status).toBe(401);
    expect((await browser.signIn(email, WRONG)).status).toBe(401);
    expect((await browser.signIn(email, password)).status).toBe(429);
  });

  it("the attacker stays paced per address too: the address limit holds across accounts", async () => {
    const limited = await startTestServer(TEST_DIALECTS[0]!, { failedSignInsPer15Minutes: 3 });
    try {
      const attacker = new BrowserAt(limited.baseUrl, "127.0.0.80");
      for (let index = 0; index < 3; index++) expect((await attacker.signIn(limited.consumer.email, WRONG)).status).toBe(401);
      expect((await attacker.signIn(limited.deskOwner.email, WRONG)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
