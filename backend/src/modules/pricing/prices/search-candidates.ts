/** What a name search finds before ranking: from the SQL search or the in-memory index, the same rows. */

/** A name search candidate from the weekly NADAC file: one per description, its cheapest NDC. */
export interface NadacCandidate {
  description: string;
  ndc11: string;
  classification: 'brand' | 'generic' | null;
  rxcui: string | null;
  brandName: string | null;
  ingredientNames: string | null;
  /** For a brand: the description of the generic whose rate CMS names as its counterpart. */
  genericDescription: string | null;
  score: number;
  /** The name that matched when it is not the description: a brand's generic. */
  viaName: string | null;
}

/** A name search candidate from RxNorm (SCD or SBD), for drugs the NADAC file does not name; `ndc11` a priced one first. */
export interface RxnormCandidate {
  rxcui: string;
  name: string;
  tty: string;
  brandName: string | null;
  strength: string | null;
  doseForm: string | null;
  ingredientNames: string | null;
  ndc11: string | null;
  score: number;
}
