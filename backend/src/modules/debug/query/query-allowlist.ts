/** A set of the words of a text; `#` starts a comment that runs to the end of its line. */
function words(text: string): ReadonlySet<string> {
  return new Set(text.replace(/#.*$/gm, '').split(/\s+/).filter(Boolean));
}

/**
 * What a staff query may use besides the three tables: reviewed, harmless building blocks. Anything not listed is
 * refused by the gate, so a new PostgreSQL function stays out until someone adds it here on purpose. Never add a
 * function that sleeps, reads files or settings, changes state, reaches another server, runs SQL given as text
 * (query_to_xml, ...), takes locks, or uses sequences or large objects.
 */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = words(`
  # aggregates
  count sum avg min max bool_and bool_or every array_agg string_agg json_agg jsonb_agg
  json_object_agg jsonb_object_agg stddev stddev_pop stddev_samp variance var_pop var_samp
  percentile_cont percentile_disc mode corr covar_pop covar_samp bit_and bit_or
  # window functions
  row_number rank dense_rank percent_rank cume_dist ntile lag lead first_value last_value
  nth_value
  # strings (no repeat/lpad/rpad/format: one call can ask for a gigabyte of text, format('%500000000s', 'x')). What
  # aggregates (string_agg, array_agg, json_agg), replace or generate_series can still build stays in PostgreSQL
  # (1 GB per value, 5 s): the runner sends no row over 1 MB and no answer over 20 MB.
  length char_length character_length octet_length bit_length lower upper initcap btrim ltrim
  rtrim substr substring position strpos replace translate concat concat_ws left right
  split_part reverse md5 quote_ident quote_literal quote_nullable regexp_replace
  regexp_match regexp_matches regexp_split_to_array regexp_split_to_table regexp_count regexp_like
  regexp_substr regexp_instr starts_with ascii chr string_to_array array_to_string overlay
  normalize is_normalized similar_to_escape to_char to_number encode similarity word_similarity
  # dates and times
  now clock_timestamp statement_timestamp transaction_timestamp date_trunc date_part date_bin
  extract age make_date make_time make_timestamp make_timestamptz make_interval justify_days
  justify_hours justify_interval to_date to_timestamp timezone isfinite
  # JSON
  to_json to_jsonb row_to_json array_to_json json_build_object jsonb_build_object json_build_array
  jsonb_build_array json_object jsonb_object json_array_length jsonb_array_length json_each jsonb_each
  json_each_text jsonb_each_text json_object_keys jsonb_object_keys json_extract_path jsonb_extract_path
  json_extract_path_text jsonb_extract_path_text json_array_elements jsonb_array_elements
  json_array_elements_text jsonb_array_elements_text json_typeof jsonb_typeof jsonb_pretty
  json_strip_nulls jsonb_strip_nulls jsonb_set jsonb_insert jsonb_path_query jsonb_path_query_array
  jsonb_path_query_first jsonb_path_exists jsonb_path_match json_to_record jsonb_to_record
  json_to_recordset jsonb_to_recordset
  # numbers
  abs ceil ceiling floor round trunc sign sqrt cbrt power pow exp ln log log10
  mod div pi random width_bucket gcd lcm scale
  # arrays and sets
  array_length cardinality unnest array_position array_positions array_remove array_append
  array_prepend array_cat array_lower array_upper array_dims generate_series generate_subscripts
  # other
  num_nulls num_nonnulls pg_typeof
`);

/** Types a value may be cast to (as the parser names them: `integer` is int4, `timestamp with time zone` timestamptz). */
export const ALLOWED_CAST_TYPES: ReadonlySet<string> = words(`
  bool int2 int4 int8 float4 float8 numeric text varchar bpchar char date time timetz
  timestamp timestamptz interval json jsonb uuid
`);

/** SQL value functions that only tell the time (CURRENT_USER and the like are not needed to read the tables). */
export const ALLOWED_SQL_VALUE_FUNCTIONS: ReadonlySet<string> = words(`
  SVFOP_CURRENT_DATE SVFOP_CURRENT_TIME SVFOP_CURRENT_TIME_N SVFOP_CURRENT_TIMESTAMP SVFOP_CURRENT_TIMESTAMP_N
  SVFOP_LOCALTIME SVFOP_LOCALTIME_N SVFOP_LOCALTIMESTAMP SVFOP_LOCALTIMESTAMP_N
`);

/** Parse-tree nodes a read-only query is built of. Everything else (XML, SQL/JSON constructors, $1, ...) is refused. */
export const ALLOWED_NODES: ReadonlySet<string> = words(`
  SelectStmt ResTarget ColumnRef A_Star A_Const String Integer Float Boolean BitString A_Expr
  BoolExpr NullTest BooleanTest TypeCast TypeName FuncCall SubLink CaseExpr CaseWhen
  CoalesceExpr MinMaxExpr RangeVar JoinExpr RangeSubselect RangeFunction RangeTableSample Alias
  SortBy WindowDef WithClause CommonTableExpr List A_Indirection A_Indices A_ArrayExpr RowExpr
  SQLValueFunction GroupingSet GroupingFunc CollateClause ColumnDef
`);
