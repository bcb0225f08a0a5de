import { writeFileSync } from "node:fs";
import { renderContract, TYPES_FILE } from "./contract.mjs";

const { types } = await renderContract();
writeFileSync(TYPES_FILE, types);
