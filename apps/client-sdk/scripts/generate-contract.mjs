import { writeFileSync } from "node:fs";
import { renderContract, SCHEMAS_FILE, TYPES_FILE } from "./contract.mjs";

const { types, requestSchemas } = await renderContract();
writeFileSync(TYPES_FILE, types);
writeFileSync(SCHEMAS_FILE, requestSchemas);
