/**
 * Words of German, French, Spanish, Italian and Portuguese that name a part of the image, a statistic or a mask.
 * The readers read English: in a question written partly in another language these words are read only where an
 * English gloss in brackets right after them says the same thing ("LST moyenne (mean LST)"); otherwise they block,
 * so that "mean LST der westlichen Hälfte" is never answered over the whole image. Inflected forms are matched by
 * the endings below. Words that are also English words ("tiers", "quart", "media", "sin", "solo", "minimal") are
 * left out ("link", "rand", "coin", "hors" too, which take an English word's shape with an ending). Data only.
 */
export const OTHER_LANGUAGE_WORDS: Readonly<Record<'part' | 'statistic' | 'mask', readonly string[]>> = {
  part: [
    // de
    'hälfte', 'haelfte', 'drittel', 'viertel', 'mitte', 'zentrum', 'westlich', 'östlich', 'oestlich', 'nördlich', 'noerdlich', 'südlich',
    'suedlich', 'ober', 'unter', 'linke', 'recht', 'ecke', 'bildmitte', 'bildrand',
    // fr
    'moitié', 'moitie', 'ouest', 'nord', 'sud', 'gauche', 'droite', 'supérieur', 'inférieur',
    // es, it, pt
    'mitad', 'tercio', 'cuadrante', 'izquierda', 'izquierdo', 'derecha', 'derecho', 'oeste', 'norte', 'esquina', 'metà', 'terzo',
    'quadrante', 'sinistra', 'destra', 'ovest', 'metade', 'esquerda', 'direita',
  ],
  statistic: [
    'mittelwert', 'mittel', 'mittler', 'durchschnitt', 'durchschnittlich', 'höchst', 'niedrigst', 'standardabweichung', 'anteil',
    'moyenne', 'moyen', 'médiane', 'écart-type', 'ecart-type', 'pourcentage',
    'promedio', 'mediana', 'máximo', 'mínimo', 'porcentaje', 'desviación', 'média', 'percentuale', 'porcentagem',
  ],
  mask: [
    'ohne', 'außer', 'ausser', 'ausgenommen', 'ausschließlich', 'nur', 'wolken', 'wolkenfrei', 'bewölkt', 'schnee',
    'sauf', 'excepté', 'seulement', 'uniquement', 'nuages', 'nuageux', 'neige',
    'excepto', 'salvo', 'solamente', 'únicamente', 'nubes', 'nieve', 'tranne', 'eccetto', 'senza', 'nuvole', 'exceto', 'apenas', 'nuvens',
  ],
}

/** Endings of the inflected forms of the part and statistic words ("westlichen", "unteren", "mittlere", "moyennes"). */
export const OTHER_LANGUAGE_ENDINGS: readonly string[] = ['e', 'en', 'er', 'es', 'em', 'n', 's', 'ne', 'nes']
