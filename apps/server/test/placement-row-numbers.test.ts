import { EMBEDDED_TEST_DIALECT } from "@connector/store/testing";
import { BrowserSession, hiddenFields } from "@connector/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../src/demo-data.js";
import { ApiSession, callWithBearer } from "./support/api-v1-client.js";
import { startTestService, type TestService } from "./support/test-service.js";

/**
 * Issue 47: a CSV's problems name the rows as the person's spreadsheet numbers them (the header is
 * row 1; a blank line is a row there; a cell holding a line break is one row), at every CSV door;
 * JSON accounts, which have no spreadsheet row, by their place in `accounts`.
 */
describe("placement problems name rows as a spreadsheet does (issue 47)", { timeout: 60_000 }, () => {
  let service: TestService;
  let key: string;
  let owner: BrowserSession;

  /** Row 1 header; row 2 fine; row 3 a cell over two lines (refused); row 4 blank; row 5 a bad amount; row 6 repeats row 2. */
  const FILE = ["reference,name,amount", "RN-1,Ann Row,10", 'RN-2,"Bo\nTwo Lines",20', "", "RN-3,Cy Bad,ten", "RN-1,Di Again,5", ""].join("\n");
  const EXPECTED = [
    "Row 3, name: holds a control character (such as U+0000 or a line break), which no stored text may.",
    "Row 5, amount: a number from 0 to 100,000,000 with no more decimal places than the currency has (like 1234.56 or $1,234.56), or blank when the balance is not known.",
    "Row 6 repeats the reference of row 2; each reference may appear once.",
  ];

  beforeAll(async () => {
    service = await startTestService(EMBEDDED_TEST_DIALECT);
    const api = await (await ApiSession.signIn(service.baseUrl, DEMO_USERS.deskOwner)).acceptAgreement();
    key = (await api.call("POST", "/keys", { name: "row numbers" })).body.key;
    owner = new BrowserSession(service.baseUrl);
    await owner.signIn(DEMO_USERS.deskOwner.email, DEMO_USERS.deskOwner.password);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("a text/csv body", async () => {
    const answer = await callWithBearer(service.baseUrl, key, "POST", "/placements?dryRun=1", FILE, { csv: true });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: { row: number; message: string }) => [detail.row, detail.message])).toEqual([
      [3, EXPECTED[0]],
      [5, EXPECTED[1]],
      [6, EXPECTED[2]],
    ]);
  });

  it("a file sent in parts", async () => {
    const file = new TextEncoder().encode(FILE);
    const { uploadId } = (await callWithBearer(service.baseUrl, key, "POST", "/placements/uploads", { size: file.length })).body;
    const part = await fetch(`${service.baseUrl}/api/v1/placements/uploads/${uploadId}/chunks/0`, {
      method: "PUT",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/octet-stream" },
      body: file,
    });
    expect(part.status).toBe(200);
    const preview = await callWithBearer(service.baseUrl, key, "POST", `/placements/uploads/${uploadId}/place?dryRun=1`);
    expect(preview.status).toBe(400);
    expect(preview.body.error.details.map((detail: { message: string }) => detail.message)).toEqual(EXPECTED);
  });

  it("a JSON body names each account by its place in accounts, counting from 1", async () => {
    const answer = await callWithBearer(service.baseUrl, key, "POST", "/placements?dryRun=1", {
      accounts: [
        { reference: "RN-J1", name: "Ann", amount: 1 },
        { reference: "RN-J2", name: "Bo", amount: "ten" },
        { reference: "RN-J1", name: "Cy", amount: 2 },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.map((detail: { row: number; field: string; message: string }) => [detail.row, detail.field, detail.message])).toEqual([
      [2, "accounts.1.amount", expect.stringMatching(/^Account 2, amount: a number/)],
      [3, "accounts.2.reference", "Account 3 repeats the reference of account 1; each reference may appear once."],
    ]);
  });

  /** The place screen's CSV form, as a browser without JavaScript sends it. */
  const previewFile = async (csv: string) => {
    const html = await (await owner.request("/desk/place")).text();
    const token = /action="\/desk\/place\/preview"[^>]*enctype="multipart\/form-data"[^>]*><input type="hidden" name="csrf_token" value="([^"]+)"/.exec(html)?.[1];
    expect(token).toBeDefined();
    const form = new FormData();
    form.append("csrf_token", token!);
    form.append("file", new Blob([csv], { type: "text/csv" }), "accounts.csv");
    return owner.request("/desk/place/preview", { method: "POST", body: form });
  };
  const listed = (html: string) => [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => match[1]!.replace(/&#39;|&#x27;/g, "'"));

  it("a file on the place screen, which says how rows are counted", async () => {
    const form = await (await owner.request("/desk/place")).text();
    expect(form).toContain("we give its row number in your spreadsheet: the header is row 1.");
    const answer = await previewFile(FILE);
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain("Rows are numbered as your spreadsheet numbers them: the header is row 1, so your first account is row 2.");
    expect(listed(html)).toEqual(EXPECTED);
  });

  it("the place screen's Save names the row its preview read, when a reference was placed meanwhile", async () => {
    const preview = await previewFile(["reference,name,amount", "RN-S1,Ann Saved,1", "", "RN-S2,Bo Taken,2"].join("\n"));
    expect(preview.status).toBe(200);
    const html = await preview.text();
    const start = html.indexOf('action="/desk/place/save"');
    const fields = hiddenFields(html.slice(start, html.indexOf("</form>", start)));
    expect((await callWithBearer(service.baseUrl, key, "POST", "/placements", { accounts: [{ reference: "RN-S2", name: "Bo First", amount: 2 }] })).status).toBe(200);
    const saved = await owner.postForm("/desk/place/save", fields);
    expect(saved.status).toBe(409);
    expect(listed(await saved.text())).toEqual(["Row 4: this Desk has already placed an account with this reference."]);
  });
});
