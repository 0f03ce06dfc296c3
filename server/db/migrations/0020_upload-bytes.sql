ALTER TABLE "uploads" ADD COLUMN "bytes" bigint DEFAULT 0 NOT NULL;
