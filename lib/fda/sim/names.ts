import type { TherapeuticArea } from "../companies";

/**
 * The simulated pipeline's words: fictional active-ingredient names built the way INNs are (a
 * fantasy prefix and a real INN stem that says what kind of drug it is: -tinib a kinase
 * inhibitor, -tug an antibody, -siran a small interfering RNA, -meran an mRNA vaccine), and
 * plausible indications with the FDA advisory committee that would review each. The prefixes
 * are unusual syllables (qu, x, y, z) chosen so that no name is a real drug's; the stems,
 * indications and committees are real categories, not products.
 */

const FIRST = ["quo", "xan", "zy", "qua", "vyx", "zer", "xol", "yel", "quin", "zav", "xyr", "qel"];
const SECOND = ["ra", "lo", "ve", "ni", "ta", "mo", "de", "ky", "so", "be", "fu", "ri"];

/** INN stems by modality: small molecules (NDA) and biologics (BLA). */
interface AreaWords {
  smallStems: readonly string[];
  biologicStems: readonly string[];
  /** [indication, reviewing advisory committee]. */
  indications: readonly (readonly [string, string])[];
}

const ODAC = "Oncologic Drugs Advisory Committee";
const VRBPAC = "Vaccines and Related Biological Products Advisory Committee";

export const THERAPEUTIC_AREAS: Record<TherapeuticArea, AreaWords> = {
  oncology: {
    smallStems: ["tinib", "ciclib", "parib", "rafenib"],
    biologicStems: ["tug", "bart", "mig"],
    indications: [
      ["relapsed or refractory multiple myeloma", ODAC],
      ["HER2-positive metastatic breast cancer", ODAC],
      ["first-line EGFR-mutated non-small cell lung cancer", ODAC],
      ["advanced renal cell carcinoma", ODAC],
      ["relapsed follicular lymphoma", ODAC],
      ["metastatic castration-resistant prostate cancer", ODAC],
      ["unresectable hepatocellular carcinoma", ODAC],
      ["platinum-resistant ovarian cancer", ODAC],
    ],
  },
  immunology: {
    smallStems: ["citinib", "imod"],
    biologicStems: ["tug", "bart"],
    indications: [
      [
        "moderate-to-severe plaque psoriasis",
        "Dermatologic and Ophthalmic Drugs Advisory Committee",
      ],
      [
        "moderately to severely active ulcerative colitis",
        "Gastrointestinal Drugs Advisory Committee",
      ],
      [
        "moderately to severely active Crohn's disease",
        "Gastrointestinal Drugs Advisory Committee",
      ],
      ["active psoriatic arthritis", "Arthritis Advisory Committee"],
      [
        "moderate-to-severe atopic dermatitis",
        "Dermatologic and Ophthalmic Drugs Advisory Committee",
      ],
      ["systemic lupus erythematosus", "Arthritis Advisory Committee"],
    ],
  },
  metabolic: {
    smallStems: ["gliflozin", "gliptin"],
    biologicStems: ["glutide", "tide"],
    indications: [
      [
        "chronic weight management in adults with obesity",
        "Endocrinologic and Metabolic Drugs Advisory Committee",
      ],
      [
        "glycaemic control in type 2 diabetes",
        "Endocrinologic and Metabolic Drugs Advisory Committee",
      ],
      [
        "metabolic dysfunction-associated steatohepatitis",
        "Gastrointestinal Drugs Advisory Committee",
      ],
      [
        "obstructive sleep apnoea with obesity",
        "Endocrinologic and Metabolic Drugs Advisory Committee",
      ],
    ],
  },
  cardiovascular: {
    smallStems: ["xaban", "sartan", "siran"],
    biologicStems: ["tug", "bart"],
    indications: [
      [
        "heart failure with preserved ejection fraction",
        "Cardiovascular and Renal Drugs Advisory Committee",
      ],
      ["elevated lipoprotein(a)", "Cardiovascular and Renal Drugs Advisory Committee"],
      ["primary hypercholesterolaemia", "Endocrinologic and Metabolic Drugs Advisory Committee"],
      ["pulmonary arterial hypertension", "Cardiovascular and Renal Drugs Advisory Committee"],
      ["transthyretin amyloid cardiomyopathy", "Cardiovascular and Renal Drugs Advisory Committee"],
    ],
  },
  neuroscience: {
    smallStems: ["gepant", "perone", "stigmine"],
    biologicStems: ["tug", "bart"],
    indications: [
      [
        "early symptomatic Alzheimer's disease",
        "Peripheral and Central Nervous System Drugs Advisory Committee",
      ],
      ["treatment-resistant depression", "Psychopharmacologic Drugs Advisory Committee"],
      ["schizophrenia in adults", "Psychopharmacologic Drugs Advisory Committee"],
      [
        "acute treatment of migraine",
        "Peripheral and Central Nervous System Drugs Advisory Committee",
      ],
      [
        "generalised myasthenia gravis",
        "Peripheral and Central Nervous System Drugs Advisory Committee",
      ],
      [
        "moderate-to-severe acute pain",
        "Anesthetic and Analgesic Drug Products Advisory Committee",
      ],
    ],
  },
  infectious: {
    smallStems: ["vir", "previr", "tegravir", "floxacin"],
    biologicStems: ["tug", "bart"],
    indications: [
      ["HIV-1 pre-exposure prophylaxis", "Antimicrobial Drugs Advisory Committee"],
      ["treatment-naive HIV-1 infection", "Antimicrobial Drugs Advisory Committee"],
      ["chronic hepatitis B", "Antimicrobial Drugs Advisory Committee"],
      ["complicated urinary tract infections", "Antimicrobial Drugs Advisory Committee"],
    ],
  },
  vaccines: {
    smallStems: ["meran"],
    biologicStems: ["meran"],
    indications: [
      ["prevention of RSV lower respiratory tract disease in adults 60 and older", VRBPAC],
      ["prevention of seasonal influenza in adults 50 and older", VRBPAC],
      ["prevention of invasive pneumococcal disease in adults", VRBPAC],
      ["prevention of COVID-19, updated formula", VRBPAC],
      ["prevention of cytomegalovirus infection", VRBPAC],
    ],
  },
  respiratory: {
    smallStems: ["caftor", "terol"],
    biologicStems: ["tug"],
    indications: [
      [
        "cystic fibrosis with at least one F508del mutation",
        "Pulmonary-Allergy Drugs Advisory Committee",
      ],
      [
        "moderate-to-severe COPD with type 2 inflammation",
        "Pulmonary-Allergy Drugs Advisory Committee",
      ],
      ["severe eosinophilic asthma", "Pulmonary-Allergy Drugs Advisory Committee"],
    ],
  },
  haematology: {
    smallStems: ["xaban", "siran"],
    biologicStems: ["tug", "cel"],
    indications: [
      [
        "sickle cell disease with recurrent vaso-occlusive crises",
        "Cellular, Tissue, and Gene Therapies Advisory Committee",
      ],
      [
        "transfusion-dependent beta thalassaemia",
        "Cellular, Tissue, and Gene Therapies Advisory Committee",
      ],
      ["paroxysmal nocturnal haemoglobinuria", ODAC],
      [
        "haemophilia A without inhibitors",
        "Cellular, Tissue, and Gene Therapies Advisory Committee",
      ],
    ],
  },
  rare: {
    smallStems: ["siran", "rsen"],
    biologicStems: ["cel", "tug"],
    indications: [
      ["APOL1-mediated kidney disease", "Cardiovascular and Renal Drugs Advisory Committee"],
      ["Duchenne muscular dystrophy", "Cellular, Tissue, and Gene Therapies Advisory Committee"],
      ["propionic acidaemia", "Endocrinologic and Metabolic Drugs Advisory Committee"],
      ["hereditary angioedema prophylaxis", "Pulmonary-Allergy Drugs Advisory Committee"],
    ],
  },
};

/** An element of `list` picked by `u` in [0, 1). */
export function pick<T>(list: readonly T[], u: number): T {
  return list[Math.min(list.length - 1, Math.floor(u * list.length))] as T;
}

/** A fictional active-ingredient name: a fantasy prefix, then the stem of its kind. */
export function fictionalIngredient(u1: number, u2: number, stem: string): string {
  return pick(FIRST, u1) + pick(SECOND, u2) + stem;
}
