-- Trigram matching for typo-tolerant product search (GIN trigram indexes).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
