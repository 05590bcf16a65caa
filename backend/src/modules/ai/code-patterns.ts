/**
 * The shapes of the codes the AI module reads, written once: ICD-10-CM diagnoses, HCPCS Level II and CPT procedures,
 * NDCs. Whole-value tests (`is...`) for a code as stored; scanners (`...In`) for codes inside text.
 */

/** No code of any kind is longer: a longer "code" is insurer text. */
export const MAX_CODE_LENGTH = 20;

const ICD10CM = String.raw`[A-TV-Z]\d[0-9A-Z]`;
const ICD10CM_EXTENSION = String.raw`[0-9A-Z]{1,4}`;
const HCPCS = String.raw`[A-V]\d{4}`;
const CPT = String.raw`\d{4}[0-9A-Z]`;
const NDC11 = String.raw`\d{11}`;
const NDC_PRINTED = String.raw`\d{5}-\d{4}-\d{2}`;

const ICD10CM_CODE = new RegExp(`^${ICD10CM}(?:\\.?${ICD10CM_EXTENSION})?$`);
const PROCEDURE_CODE = new RegExp(`^(?:${HCPCS}|${CPT})$`);
const NDC11_CODE = new RegExp(`^${NDC11}$`);

/** ICD-10-CM, with or without its dot (E11.9, E119). */
export const isDiagnosisCode = (code: string): boolean => code.length <= MAX_CODE_LENGTH && ICD10CM_CODE.test(code);
/** HCPCS Level II (G0439) or CPT (99213, 0001F). */
export const isProcedureCode = (code: string): boolean => code.length <= MAX_CODE_LENGTH && PROCEDURE_CODE.test(code);
/** An NDC in its 11-digit form. */
export const isNdc11 = (code: string): boolean => NDC11_CODE.test(code);
/** Any code a staff text may carry and that the scrubber keeps: ICD-10-CM, HCPCS, CPT, an 11-digit NDC. */
export const isCodeLike = (token: string): boolean => isDiagnosisCode(token) || isProcedureCode(token) || isNdc11(token);

const scan = (pattern: string) => {
  const regex = new RegExp(String.raw`\b(${pattern})\b`, 'g');
  // matchAll copies the regex, so the shared global's lastIndex is never touched.
  return (text: string): string[] => [...text.matchAll(regex)].map((m) => m[1]!);
};
/** ICD-10-CM codes written with their dot (or three characters only), as they appear in text. */
export const diagnosisCodesIn = scan(`${ICD10CM}(?:\\.${ICD10CM_EXTENSION})?`);
/** HCPCS Level II codes in text (a bare five-digit number is not read as CPT: too many things are five digits). */
export const procedureCodesIn = scan(HCPCS);
/** NDCs in text: 11 digits or the 5-4-2 printed form. */
export const ndcsIn = scan(`${NDC11}|${NDC_PRINTED}`);
