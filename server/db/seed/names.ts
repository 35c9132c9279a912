/** Name pools for demo people: common in Tanzania, split by the congregation's faith. */
export type NamePool = { female: readonly string[]; male: readonly string[]; surnames: readonly string[] };

export const christianNames: NamePool = {
  female: [
    'Neema', 'Rehema', 'Upendo', 'Grace', 'Mary', 'Esther', 'Agnes', 'Joyce', 'Happiness', 'Faraja',
    'Imani', 'Anna', 'Elizabeth', 'Rose', 'Lucy', 'Catherine', 'Witness', 'Glory', 'Jesca', 'Salome',
    'Tumaini', 'Furaha', 'Winfrida', 'Getrude', 'Veronica', 'Ruth', 'Sarah', 'Martha', 'Edna', 'Flora',
  ],
  male: [
    'Baraka', 'Amani', 'Emmanuel', 'Joseph', 'John', 'Peter', 'Daniel', 'Elia', 'Godfrey', 'Frank',
    'Elisha', 'Samweli', 'Yohana', 'Petro', 'Paulo', 'Erasto', 'Goodluck', 'Innocent', 'Deogratias',
    'Juma', 'Robert', 'Michael', 'Gabriel', 'Stephano', 'Yusufu', 'Lameck', 'Wilson', 'Festo', 'Nelson', 'Andrea', 'Jackson',
  ],
  surnames: [
    'Mwakalinga', 'Massawe', 'Kimaro', 'Mushi', 'Mrema', 'Lyimo', 'Temba', 'Mollel', 'Swai', 'Komba',
    'Ngowi', 'Shirima', 'Mfinanga', 'Nyerere', 'Mwakyusa', 'Mwasomola', 'Kessy', 'Minja', 'Urio', 'Tarimo',
    'Laizer', 'Sanga', 'Mbwambo', 'Kisanga', 'Chuwa', 'Mapunda', 'Haule', 'Ngonyani', 'Mwaipopo', 'Kapinga',
  ],
};

export const muslimNames: NamePool = {
  female: [
    'Mwanaisha', 'Zuhura', 'Mwajuma', 'Halima', 'Amina', 'Fatuma', 'Mariam', 'Zainabu', 'Rukia', 'Asha',
    'Mwanahawa', 'Saida', 'Khadija', 'Salma', 'Rehema', 'Time', 'Subira', 'Hadija', 'Mwanamisi', 'Aziza',
  ],
  male: [
    'Hamisi', 'Athumani', 'Saidi', 'Juma', 'Ramadhani', 'Bakari', 'Omari', 'Abdallah', 'Rashidi', 'Salum',
    'Hassani', 'Issa', 'Mussa', 'Shabani', 'Idd', 'Ally', 'Mohamedi', 'Yusuph', 'Selemani', 'Hamza',
  ],
  surnames: [
    'Said', 'Mohamed', 'Ali', 'Hassan', 'Abdallah', 'Juma', 'Omari', 'Salim', 'Bakari', 'Mussa',
    'Kombo', 'Makame', 'Haji', 'Mbaraka', 'Shaban', 'Mfaume', 'Kassim', 'Mzee', 'Nyerere', 'Ngowi',
  ],
};

/** Real mobile prefixes (after +255) and the network each belongs to. */
export const mobilePrefixes = [
  ['74', 'vodacom'], ['75', 'vodacom'], ['76', 'vodacom'],
  ['65', 'tigo'], ['67', 'tigo'], ['71', 'tigo'],
  ['68', 'airtel'], ['69', 'airtel'], ['78', 'airtel'],
  ['61', 'halotel'], ['62', 'halotel'],
  ['73', 'ttcl'],
] as const;

/** Market shares, roughly, so Vodacom and Tigo dominate as they do in the country. */
export const prefixWeights: ReadonlyArray<readonly [(typeof mobilePrefixes)[number], number]> = mobilePrefixes.map(
  (entry) => [entry, { vodacom: 12, tigo: 9, airtel: 8, halotel: 4, ttcl: 1 }[entry[1]]] as const,
);

export function operatorOfPhone(phone: string): string | null {
  const prefix = phone.slice(4, 6);
  return mobilePrefixes.find(([candidate]) => candidate === prefix)?.[1] ?? null;
}
