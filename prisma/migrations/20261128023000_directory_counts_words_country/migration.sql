-- NameGramCount, two more kinds of rows (migration directory_counts made it):
-- - each whole word of more than three letters, counted as the professionals holding it (a
--   query word of up to three letters is counted as a piece of words, as before): the exact
--   totalCount of a query held by one directory word ("smith"), and the entries a search reads
--   for each word, without counting rows;
-- - stateCode '' for the whole country, the sum of every state's row: a search in every state
--   reads one row per profession for each gram, not one per state.

CREATE OR REPLACE FUNCTION "name_grams"(name TEXT) RETURNS SETOF TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT '' UNION
  SELECT substr(w, i, n) FROM unnest(string_to_array(name, ' ')) AS w, generate_series(1, 3) AS n, generate_series(1, length(w) - n + 1) AS i WHERE w <> ''
  UNION
  SELECT w FROM unnest(string_to_array(name, ' ')) AS w WHERE length(w) > 3
$$;

-- As before, with each count written to its state's row and to the country's.
CREATE OR REPLACE FUNCTION "professional_name_grams_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "NameGramCount" AS c ("gram", "professionId", "stateCode", "professionals")
    SELECT g, r."professionId", CASE WHEN grouping(r."stateCode") = 1 THEN '' ELSE r."stateCode" END, count(*) FROM new_rows r, "name_grams"(r."searchName") AS g
    GROUP BY GROUPING SETS ((g, r."professionId", r."stateCode"), (g, r."professionId")) ORDER BY 1, 2, 3
    ON CONFLICT ("gram", "professionId", "stateCode") DO UPDATE SET "professionals" = c."professionals" + EXCLUDED."professionals";
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "professional_name_grams_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "NameGramCount" AS c ("gram", "professionId", "stateCode", "professionals")
    SELECT g, "professionId", CASE WHEN grouping("stateCode") = 1 THEN '' ELSE "stateCode" END, sum(d) FROM (
      SELECT g, r."professionId", r."stateCode", -1 AS d FROM old_rows r, "name_grams"(r."searchName") AS g
      UNION ALL
      SELECT g, r."professionId", r."stateCode", 1 AS d FROM new_rows r, "name_grams"(r."searchName") AS g
    ) AS changes
    GROUP BY GROUPING SETS ((g, "professionId", "stateCode"), (g, "professionId")) HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ("gram", "professionId", "stateCode") DO UPDATE SET "professionals" = c."professionals" + EXCLUDED."professionals";
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "professional_name_grams_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "NameGramCount" AS c SET "professionals" = c."professionals" - gone.n
    FROM (
      SELECT g, r."professionId", CASE WHEN grouping(r."stateCode") = 1 THEN '' ELSE r."stateCode" END AS "stateCode", count(*) AS n FROM old_rows r, "name_grams"(r."searchName") AS g
      GROUP BY GROUPING SETS ((g, r."professionId", r."stateCode"), (g, r."professionId"))
    ) AS gone
    WHERE c."gram" = gone.g AND c."professionId" = gone."professionId" AND c."stateCode" = gone."stateCode";
  RETURN NULL;
END $$;

-- The directory as it stands: its whole words, then the country's rows.
INSERT INTO "NameGramCount" ("gram", "professionId", "stateCode", "professionals")
  SELECT w, p."professionId", p."stateCode", count(*) FROM "Professional" p, LATERAL (SELECT DISTINCT w FROM unnest(string_to_array(p."searchName", ' ')) AS w WHERE length(w) > 3) AS words
  GROUP BY 1, 2, 3;
INSERT INTO "NameGramCount" ("gram", "professionId", "stateCode", "professionals")
  SELECT "gram", "professionId", '', sum("professionals") FROM "NameGramCount" GROUP BY 1, 2;
