import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { preparedStatement, queryPrepared } from '../../common/prepared-query';
import { MANUAL_INSURER_KEY, type ListRow, type MedicationSourceKind } from './medication-list';

/** A manual entry as stored: what the member typed, and the codes of the match they chose (if any). */
export interface ManualPrescriptionInsert {
  drugName: string;
  dosage: string;
  form: string;
  /** Dollars, two decimals. */
  patientPaid: number;
  ndc11: string | null;
  rxcui: string | null;
  /** YYYY-MM-DD */
  datePrescribed: string;
}

/** One row of the member's `prescriptions`, as the medication list reads it. */
export interface MedicationRow extends ListRow {
  dosage: string | null;
  drugForm: string | null;
}

/** A known NDC (`ndc_drugs`): its RxCUI and ingredient RxCUIs. */
export interface NdcReference {
  ndc11: string;
  rxcui: string;
  ingredientRxcuis: string[];
}

/** An RxNorm drug (`rxnorm_drugs`): its generic (for a branded drug), strength, form and ingredients. */
export interface RxnormDrugReference {
  rxcui: string;
  genericRxcui: string | null;
  brandName: string | null;
  strength: string | null;
  doseForm: string | null;
  ingredientRxcuis: string[] | null;
}

/** What the reference tables say about a set of NDCs and RxCUIs, and the names of every concept involved. */
export interface MedicationReference {
  ndcs: NdcReference[];
  drugs: RxnormDrugReference[];
  /** The ingredients of RxCUIs as their NDCs record them (for drugs `rxnorm_drugs` has no ingredients for). */
  rxcuiIngredients: { rxcui: string; ingredientRxcuis: string[] }[];
  /** RxCUI -> RxNorm name (drugs, their generics and their ingredients). */
  names: Record<string, string>;
}

// The member's rows and the reference data they name, in one statement (one round trip, parsed once per connection):
// every row of the member's (a member's medication history is tens to a few hundred rows), by the user_id that leads
// the table's indexes; then the rows' NDCs' drugs (each NDC read as ndcCandidatesOf in medication-list.ts reads it:
// 11 digits as they are, 10 bare digits as the three 11-digit forms they may be), the RxCUIs given or found through
// the NDCs, the generics of branded drugs, the ingredients of those RxCUIs as their NDCs record them (one NDC each:
// every NDC of an RxCUI has its ingredients), and the names of all of them and of their ingredients. Every lookup is
// by index on `= ANY(array)`.
const MEDICATION_DATA = preparedStatement(`
  WITH p AS (
    SELECT p.id, p.insurer_key, p.source_kind, p.drug_name, p.drug_ndc, p.rxcui, to_char(p.date_prescribed, 'YYYY-MM-DD') AS date_prescribed,
      trim_scale(p.quantity)::text AS quantity, p.days_supply, p.dosage, p.drug_form, p.updated_at
    FROM prescriptions p
    WHERE p.user_id = $1
  ), nd AS (
    SELECT d.ndc11, d.rxcui, d.ingredient_rxcuis FROM ndc_drugs d
    WHERE d.ndc11 = ANY(ARRAY(
      SELECT c FROM p CROSS JOIN LATERAL unnest(CASE
        WHEN p.drug_ndc ~ '^[0-9]{11}$' THEN ARRAY[p.drug_ndc]
        WHEN p.drug_ndc ~ '^[0-9]{10}$'
          THEN ARRAY['0' || p.drug_ndc, left(p.drug_ndc, 5) || '0' || substr(p.drug_ndc, 6), left(p.drug_ndc, 9) || '0' || substr(p.drug_ndc, 10)]
      END) AS c))
  ), asked AS (
    SELECT ARRAY(SELECT DISTINCT p.rxcui FROM p WHERE p.rxcui IS NOT NULL) || ARRAY(SELECT nd.rxcui FROM nd) AS rxcuis
  ), rd AS (
    SELECT r.* FROM rxnorm_drugs r WHERE r.rxcui = ANY((SELECT rxcuis FROM asked)::text[])
  ), gd AS (
    SELECT g.* FROM rxnorm_drugs g WHERE g.rxcui = ANY(ARRAY(SELECT rd.generic_rxcui FROM rd WHERE rd.generic_rxcui IS NOT NULL))
  ), drugs AS (
    SELECT * FROM rd UNION SELECT * FROM gd
  ), byrx AS (
    SELECT x.rxcui, i.ingredient_rxcuis
    FROM unnest((SELECT rxcuis FROM asked)::text[] || ARRAY(SELECT drugs.rxcui FROM drugs)) AS x(rxcui)
    CROSS JOIN LATERAL (SELECT d.ingredient_rxcuis FROM ndc_drugs d WHERE d.rxcui = x.rxcui LIMIT 1) i
  ), named AS (
    SELECT (SELECT rxcuis FROM asked)
      || ARRAY(SELECT unnest(nd.ingredient_rxcuis) FROM nd)
      || ARRAY(SELECT drugs.rxcui FROM drugs)
      || ARRAY(SELECT unnest(drugs.ingredient_rxcuis) FROM drugs)
      || ARRAY(SELECT unnest(byrx.ingredient_rxcuis) FROM byrx) AS rxcuis
  )
  SELECT
    (SELECT COALESCE(json_agg(p), '[]'::json) FROM p) AS rows,
    (SELECT COALESCE(json_agg(json_build_object('ndc11', nd.ndc11, 'rxcui', nd.rxcui, 'ingredientRxcuis', nd.ingredient_rxcuis)), '[]'::json)
       FROM nd) AS ndcs,
    (SELECT COALESCE(json_agg(json_build_object('rxcui', drugs.rxcui, 'genericRxcui', drugs.generic_rxcui, 'brandName', drugs.brand_name,
        'strength', drugs.strength, 'doseForm', drugs.dose_form, 'ingredientRxcuis', drugs.ingredient_rxcuis)), '[]'::json)
       FROM drugs) AS drugs,
    (SELECT COALESCE(json_agg(DISTINCT jsonb_build_object('rxcui', byrx.rxcui, 'ingredientRxcuis', byrx.ingredient_rxcuis)), '[]'::json)
       FROM byrx) AS rxcui_ingredients,
    (SELECT COALESCE(json_object_agg(c.rxcui, c.name), '{}'::json)
       FROM rxnorm_concepts c WHERE c.rxcui = ANY((SELECT rxcuis FROM named)::text[])) AS names`);

// A manual entry: insurer_key 'manual' (not an insurer), its own source id, dated today. When the member chose an NDC
// but no RxCUI, the RxCUI comes from the NDC (never the other way: one RxCUI has many NDCs).
const INSERT_MANUAL = `
  INSERT INTO prescriptions (user_id, insurer_key, source_id, source_kind, drug_name, dosage, drug_form, drug_ndc, rxcui,
    date_prescribed, patient_paid)
  VALUES ($1, '${MANUAL_INSURER_KEY}', 'manual/' || gen_random_uuid(), 'manual', $2, $3, $4, $5,
    COALESCE($6, (SELECT d.rxcui FROM ndc_drugs d WHERE d.ndc11 = $5)), $7, $8)
  RETURNING id`;

/** A row as the statement's JSON carries it (updated_at as ISO text). */
interface MedicationRecord {
  id: string;
  insurer_key: string;
  source_kind: MedicationSourceKind;
  drug_name: string | null;
  drug_ndc: string | null;
  rxcui: string | null;
  date_prescribed: string | null;
  quantity: string | null;
  days_supply: number | null;
  dosage: string | null;
  drug_form: string | null;
  updated_at: string;
}

interface MedicationData extends Omit<MedicationReference, 'rxcuiIngredients'> {
  rows: MedicationRecord[];
  rxcui_ingredients: MedicationReference['rxcuiIngredients'];
}

/** The medication list's reads (the member's rows and the drug reference tables) and the manual entries' writes. */
@Injectable()
export class MedicationListRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Stores a manual entry; answers its id. */
  async insertManual(userId: string, entry: ManualPrescriptionInsert, manager?: EntityManager): Promise<string> {
    const rows: { id: string }[] = await (manager ?? this.dataSource.manager).query(INSERT_MANUAL, [
      userId,
      entry.drugName,
      entry.dosage,
      entry.form,
      entry.ndc11,
      entry.rxcui,
      entry.datePrescribed,
      entry.patientPaid.toFixed(2),
    ]);
    return rows[0]!.id;
  }

  /**
   * Every row of the member's prescriptions (pharmacy claim lines, medication resources and manual entries) and the
   * reference rows of their NDCs and RxCUIs (and of the RxCUIs those NDCs map to).
   */
  async medicationData(userId: string): Promise<{ rows: MedicationRow[]; reference: MedicationReference }> {
    const [data] = await queryPrepared<MedicationData>(this.dataSource, MEDICATION_DATA, [userId]);
    const { rows, ndcs, drugs, rxcui_ingredients: rxcuiIngredients, names } = data!;
    return {
      rows: rows.map((row) => ({
        id: row.id,
        insurerKey: row.insurer_key,
        sourceKind: row.source_kind,
        drugName: row.drug_name,
        drugNdc: row.drug_ndc,
        rxcui: row.rxcui,
        datePrescribed: row.date_prescribed,
        quantity: row.quantity,
        daysSupply: row.days_supply,
        dosage: row.dosage,
        drugForm: row.drug_form,
        updatedAt: new Date(row.updated_at),
      })),
      reference: { ndcs, drugs, rxcuiIngredients, names },
    };
  }
}
