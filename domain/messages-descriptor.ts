/** A Lingui message descriptor with a stable id, collected by `lingui extract` through the i18n mark. */
export type Descriptor = { id: string; message: string };
