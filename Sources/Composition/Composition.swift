// Combinators are being written; this file keeps the target non-empty until then.
