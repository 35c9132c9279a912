/** Pledge limits shared by the API schemas and the pages, free of zod so page chunks stay small (ADR 014). */
export const MAX_CAMPAIGN_NAME = 120;
