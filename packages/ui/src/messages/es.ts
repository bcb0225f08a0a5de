import { LAYOUT_ES } from "./layout.es.js";

/**
 * Los mensajes en español del lado del consumidor, por área (`<area>.es.ts`). Usan los términos de
 * los materiales en español de la CFPB donde los hay, y tratan a la persona de usted.
 */
export const ES = {
  ...LAYOUT_ES,
} as const;
