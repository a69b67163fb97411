/**
 * The hosted KYC page's words in English and German: every field explained for the person filling it in
 * (never an API field name), and each problem as a sentence. The language is `?lang=`, else Accept-Language.
 */
export const KYC_LOCALES = ["en", "de"] as const;
export type KycLocale = (typeof KYC_LOCALES)[number];

const en = {
  title: "Verify your identity",
  intro: "{platform} needs to confirm who you are before you can use your account. It takes about two minutes.",
  language: "Language",
  fixIntro: "Please check the following, then send the form again:",
  fullName: "Full name",
  fullNameHint: "Your first and last name, as they appear on your identity document.",
  birthDate: "Date of birth",
  birthDateHint: "As on your identity document.",
  nationality: "Nationality",
  nationalityHint: "The country that issued your passport or identity card.",
  choose: "Choose…",
  address: "Home address",
  addressHint: "Where you live now.",
  line1: "Street and house number",
  city: "City or town",
  postalCode: "Postal code",
  country: "Country",
  tax: "Tax number (US persons only)",
  taxHint: "Only if you are a US citizen or pay tax in the United States; otherwise leave it empty.",
  idType: "Type of tax number",
  idTypeNone: "None",
  SSN: "Social Security number (SSN)",
  ITIN: "Individual Taxpayer Identification Number (ITIN)",
  identifier: "Tax number",
  document: "Identity document",
  documentHint: "A clear photo or scan of the whole page with your photo, as a PDF, JPEG or PNG file.",
  documentType: "Type of document",
  PASSPORT: "Passport",
  NATIONAL_ID: "National identity card",
  DRIVERS_LICENSE: "Driving licence",
  file: "Photo or scan of the document",
  refile: "Your browser does not keep a chosen file when the page reloads: choose “{name}” again.",
  submit: "Send for verification",
  privacy: "Your details go only to {platform} and its payments provider, over an encrypted connection.",
  gone: "Link expired",
  goneBody: "This verification link has expired or was already used. Ask {platform} for a new one.",
  goneBodyPlain: "This verification link has expired or was already used. Ask for a new one.",
  unreadable: "The form could not be read. Go back and try again.",
  thanks: "Thank you",
  continue: "Continue",
  close: "You can close this page.",
  status: {
    APPROVED: "Your identity is confirmed.",
    REJECTED: "We could not confirm your identity. {platform} will contact you.",
    PENDING_MANUAL_REVIEW: "Your details were received and are being checked by a person.",
    IN_PROGRESS: "Your details were received and are being checked.",
    READY_FOR_VERIFICATION: "Your details were received.",
    RESOLVE_ERRORS: "Some details are still missing.",
  } as Record<string, string>,
  problems: {
    fullName: "Enter your full name.",
    birthDate: "Enter your date of birth: day, month and year, in the past.",
    nationality: "Choose your nationality from the list.",
    line1: "Enter your street and house number.",
    city: "Enter your city or town.",
    postalCode: "Enter your postal code.",
    country: "Choose the country you live in from the list.",
    idType: "Choose the type of your tax number, or leave both tax fields empty.",
    identifier: "Enter your tax number, or leave both tax fields empty.",
    documentType: "Choose the type of your identity document.",
    document: "Upload a photo or scan of your passport, identity card or driving licence (PDF, JPEG or PNG).",
    other: "Check this field.",
  } as Record<string, string>,
};

const de: typeof en = {
  title: "Identität bestätigen",
  intro: "{platform} muss bestätigen, wer Sie sind, bevor Sie Ihr Konto nutzen können. Das dauert etwa zwei Minuten.",
  language: "Sprache",
  fixIntro: "Bitte prüfen Sie Folgendes und senden Sie das Formular dann erneut:",
  fullName: "Vollständiger Name",
  fullNameHint: "Vor- und Nachname, wie in Ihrem Ausweisdokument.",
  birthDate: "Geburtsdatum",
  birthDateHint: "Wie in Ihrem Ausweisdokument.",
  nationality: "Staatsangehörigkeit",
  nationalityHint: "Das Land, das Ihren Reisepass oder Personalausweis ausgestellt hat.",
  choose: "Bitte wählen…",
  address: "Wohnanschrift",
  addressHint: "Wo Sie jetzt wohnen.",
  line1: "Straße und Hausnummer",
  city: "Ort",
  postalCode: "Postleitzahl",
  country: "Land",
  tax: "Steuernummer (nur US-Personen)",
  taxHint: "Nur wenn Sie US-Bürger sind oder in den USA Steuern zahlen; sonst leer lassen.",
  idType: "Art der Steuernummer",
  idTypeNone: "Keine",
  SSN: "Sozialversicherungsnummer (SSN)",
  ITIN: "Steueridentifikationsnummer (ITIN)",
  identifier: "Steuernummer",
  document: "Ausweisdokument",
  documentHint: "Ein gut lesbares Foto oder ein Scan der ganzen Seite mit Ihrem Foto, als PDF-, JPEG- oder PNG-Datei.",
  documentType: "Art des Dokuments",
  PASSPORT: "Reisepass",
  NATIONAL_ID: "Personalausweis",
  DRIVERS_LICENSE: "Führerschein",
  file: "Foto oder Scan des Dokuments",
  refile:
    "Ihr Browser behält eine gewählte Datei nicht, wenn die Seite neu geladen wird: Wählen Sie „{name}“ bitte erneut.",
  submit: "Zur Prüfung senden",
  privacy:
    "Ihre Angaben gehen nur an {platform} und seinen Zahlungsdienstleister, über eine verschlüsselte Verbindung.",
  gone: "Link abgelaufen",
  goneBody: "Dieser Verifizierungslink ist abgelaufen oder wurde schon benutzt. Bitten Sie {platform} um einen neuen.",
  goneBodyPlain: "Dieser Verifizierungslink ist abgelaufen oder wurde schon benutzt. Bitten Sie um einen neuen.",
  unreadable: "Das Formular konnte nicht gelesen werden. Gehen Sie zurück und versuchen Sie es erneut.",
  thanks: "Vielen Dank",
  continue: "Weiter",
  close: "Sie können diese Seite schließen.",
  status: {
    APPROVED: "Ihre Identität ist bestätigt.",
    REJECTED: "Wir konnten Ihre Identität nicht bestätigen. {platform} meldet sich bei Ihnen.",
    PENDING_MANUAL_REVIEW: "Ihre Angaben sind eingegangen und werden von einer Person geprüft.",
    IN_PROGRESS: "Ihre Angaben sind eingegangen und werden geprüft.",
    READY_FOR_VERIFICATION: "Ihre Angaben sind eingegangen.",
    RESOLVE_ERRORS: "Es fehlen noch Angaben.",
  },
  problems: {
    fullName: "Geben Sie Ihren vollständigen Namen ein.",
    birthDate: "Geben Sie Ihr Geburtsdatum ein: Tag, Monat und Jahr, in der Vergangenheit.",
    nationality: "Wählen Sie Ihre Staatsangehörigkeit aus der Liste.",
    line1: "Geben Sie Straße und Hausnummer ein.",
    city: "Geben Sie Ihren Ort ein.",
    postalCode: "Geben Sie Ihre Postleitzahl ein.",
    country: "Wählen Sie das Land, in dem Sie wohnen, aus der Liste.",
    idType: "Wählen Sie die Art Ihrer Steuernummer, oder lassen Sie beide Steuerfelder leer.",
    identifier: "Geben Sie Ihre Steuernummer ein, oder lassen Sie beide Steuerfelder leer.",
    documentType: "Wählen Sie die Art Ihres Ausweisdokuments.",
    document:
      "Laden Sie ein Foto oder einen Scan Ihres Reisepasses, Personalausweises oder Führerscheins hoch (PDF, JPEG oder PNG).",
    other: "Prüfen Sie dieses Feld.",
  },
};

export type KycCopy = typeof en;
const COPY: Record<KycLocale, KycCopy> = { en, de };

/** The page's language: `?lang=` when it names one, else the first supported language of Accept-Language. */
export function kycLocale(lang: string | null, acceptLanguage: string | null): KycLocale {
  const known = (v: string): v is KycLocale => (KYC_LOCALES as readonly string[]).includes(v);
  if (lang && known(lang)) return lang;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0].trim().slice(0, 2).toLowerCase();
    if (known(tag)) return tag;
  }
  return "en";
}

export const kycCopy = (locale: KycLocale): KycCopy => COPY[locale];

/** `{name}` placeholders filled in. */
export const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
