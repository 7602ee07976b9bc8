-- A keyword's prefix tsquery built so that no input can make it invalid (decision 0012). The
-- argument is the prefix query text the search and the saved searches build (`toyota:* &
-- coro:*`, words of letters and digits). Its words used to go through sg_unaccent and then
-- to_tsquery as text, but unaccent folds some letters into tsquery syntax (`ʼ` U+02BC → `'`,
-- `ː` → `:`, `ŉ` → `'n`), which was a syntax error for the whole search (and for the alert
-- matcher's one statement over every saved search). Here each folded word becomes one quoted
-- lexeme with the prefix mark (`'d''artagnan':*`, quotes and backslashes escaped), so
-- to_tsquery only ever parses quoted words; the parser splits a word that folded into several
-- (`d` <-> `artagnan`) and drops one left without letters. No word at all is the empty query,
-- which matches nothing. IMMUTABLE: the planner evaluates it once for a constant keyword (so
-- its statistics still estimate the matches, decision 0012).
CREATE OR REPLACE FUNCTION sg_prefix_tsquery(text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN (
    SELECT coalesce(
      to_tsquery('simple'::regconfig, string_agg(
        '''' || replace(replace(sg_unaccent(word), '\', '\\'), '''', '''''') || ''':*',
        ' & ' ORDER BY position)),
      ''::tsquery)
    FROM unnest(string_to_array(replace($1, ':*', ''), ' & ')) WITH ORDINALITY AS words(word, position)
    WHERE word <> ''
  );
