"""What a clinic, a doctor or a service practises, in the words search engines read:
schema.org's MedicalSpecialty values (https://schema.org/MedicalSpecialty), written into
every page's structured data (JSON-LD)."""

from __future__ import annotations

from typing import Literal

# schema.org's MedicalSpecialty enumeration, as it names its members. Dermatologic is kept
# beside Dermatology, which supersedes it: both are values search engines accept.
MedicalSpecialty = Literal[
    "Anesthesia",
    "Cardiovascular",
    "CommunityHealth",
    "Dentistry",
    "Dermatologic",
    "Dermatology",
    "DietNutrition",
    "Emergency",
    "Endocrine",
    "Gastroenterologic",
    "Genetic",
    "Geriatric",
    "Gynecologic",
    "Hematologic",
    "Infectious",
    "LaboratoryScience",
    "Midwifery",
    "Musculoskeletal",
    "Neurologic",
    "Nursing",
    "Obstetric",
    "Oncologic",
    "Optometric",
    "Otolaryngologic",
    "Pathology",
    "Pediatric",
    "PharmacySpecialty",
    "Physiotherapy",
    "PlasticSurgery",
    "Podiatric",
    "PrimaryCare",
    "Psychiatric",
    "PublicHealth",
    "Pulmonary",
    "Radiography",
    "Renal",
    "RespiratoryTherapy",
    "Rheumatologic",
    "SpeechPathology",
    "Surgical",
    "Toxicologic",
    "Urologic",
]
