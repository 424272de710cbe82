import { bench, describe } from "vitest";
import { dayRange, localDate, type IsoDate } from "../../src/shared/time.js";

const f = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Prague", year: "numeric", month: "2-digit", day: "2-digit" });
let t = Date.parse("2026-03-29T10:00:00Z");

describe("dates in a zone", () => {
  bench("naive: Intl formatToParts per call (baseline)", () => {
    f.formatToParts((t += 60_000));
  });
  bench("localDate", () => {
    localDate((t += 60_000), "Europe/Prague");
  });
  bench("dayRange on a DST day", () => {
    dayRange("2026-03-29" as IsoDate, "Europe/Prague");
  });
});
