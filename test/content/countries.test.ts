import { describe, expect, it } from "vitest";
import {
  COUNTRY_CODES,
  countriesSpeaking,
  countryProfile,
  PRINCIPAL_TIME_ZONES,
  principalTimeZone,
  timeZonesOf,
} from "../../lib/content/countries";
import { isIsoLanguage, isOffered, OFFERED_LANGUAGES } from "../../lib/content/languages";

/** Countries and languages: the data packages and ICU as this API reads them. */

describe("countries", () => {
  it("list ISO 3166-1 codes with a continent and a currency each (but Antarctica)", () => {
    expect(COUNTRY_CODES.length).toBeGreaterThan(240);
    for (const code of COUNTRY_CODES) {
      const profile = countryProfile(code as never);
      expect(profile.code).toMatch(/^[A-Z]{2}$/);
      expect(profile.continent.name.length, code).toBeGreaterThan(3);
      // Antarctica alone has no currency (its currency answers are null).
      if (code !== "AQ") expect(profile.currencies.length, code).toBeGreaterThan(0);
      expect(isOffered(profile.suggestedLanguage)).toBe(true);
    }
  });

  it("name the main zone of every country with several zones, from the country's own list", () => {
    const several = COUNTRY_CODES.filter((code) => timeZonesOf(code).length > 1);
    const chosen = Object.keys(PRINCIPAL_TIME_ZONES);
    // Every table entry is a multi-zone country, its zone one of the country's.
    for (const code of chosen) {
      expect(several, code).toContain(code);
      expect(timeZonesOf(code), code).toContain(PRINCIPAL_TIME_ZONES[code]);
    }
    // The multi-zone countries it leaves out have no capital zone to choose (territories).
    expect(several.filter((code) => !chosen.includes(code)).sort()).toEqual(["AQ", "UM"]);
    expect(principalTimeZone("US")).toBe("America/New_York");
    expect(principalTimeZone("JP")).toBe("Asia/Tokyo");
  });

  it("suggest the first official language offered, else English", () => {
    expect(countryProfile("CH").suggestedLanguage).toBe("de");
    expect(countryProfile("CH").locale).toBe("de-CH");
    expect(countryProfile("BR").suggestedLanguage).toBe("pt");
    expect(countryProfile("JP").suggestedLanguage).toBe("ja");
    expect(countryProfile("RU").suggestedLanguage).toBe("en");
  });

  it("name themselves in the language asked", () => {
    expect(countryProfile("DE", "fr").name).toBe("Allemagne");
    expect(countryProfile("DE", "ja").name).toBe("ドイツ");
    expect(countryProfile("DE", "de").currencies[0]).toEqual({ code: "EUR", name: "Euro" });
  });
});

describe("languages", () => {
  it("offers seven assigned ISO 639-1 languages, each spoken officially somewhere", () => {
    expect(OFFERED_LANGUAGES).toEqual(["en", "es", "de", "fr", "ja", "zh", "pt"]);
    for (const code of OFFERED_LANGUAGES) {
      expect(isIsoLanguage(code)).toBe(true);
      expect(countriesSpeaking(code).length, code).toBeGreaterThan(0);
    }
    expect(countriesSpeaking("de")).toEqual(expect.arrayContaining(["AT", "CH", "DE"]));
    expect(isIsoLanguage("xx")).toBe(false);
    expect(isIsoLanguage("sw")).toBe(true);
  });
});
