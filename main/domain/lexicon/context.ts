/**
 * Words of asking and of context: filler that carries no content for a spec, sentence openers that mark a context
 * sentence ("for a memo on ...", "background: ..."), which does not bear on the ask and does not block. Data only.
 */

/** Openers of a sentence (or clause) that sets context rather than asks. */
export const CONTEXT_OPENERS: readonly string[] = [
  'for a memo', 'for a report', 'for a briefing', 'for a presentation', 'for a paper', 'for my thesis', 'for a thesis', 'for a client', 'for our', 'for my', 'for a',
  'background', 'context', 'as part of', 'i am working on', "i'm working on", 'im working on', 'we are working on', "we're working on", 'we are preparing', 'i am preparing', "i'm preparing",
  'i am writing', "i'm writing", 'my manager', 'my boss', 'our team', 'the team', 'a colleague', 'our client', 'this is for', 'this will go into', 'the results will', 'i need this for', 'we need this for',
  'hi', 'hello', 'hey', 'thanks', 'thank you', 'please note', 'fyi', 'note that the files', 'the folder contains', 'the files are', 'the data come from', 'the data comes from', 'data are from',
]

/**
 * Nouns after "QA" that make it the writer's quality-assurance work ("QA log line", "the QA-log", "vegetation QA
 * ticket #552"), not a Landsat QA band.
 */
export const QA_WORKFLOW_NOUNS: readonly string[] = ['log line', 'log entry', 'log', 'ticket', 'team', 'review', 'sheet', 'report', 'table']

/** Greetings that may open a message on a line of their own ("morning", "good afternoon, team"): never a time of day asked. */
export const GREETINGS: readonly string[] = ['good morning', 'morning', 'good afternoon', 'afternoon', 'good evening', 'evening', 'good day']

/** Function words and verbs of asking. */
export const FILLER: readonly string[] = (
  'a an the of in on at for to from by with within over during and or as is are was were be been being it its this that these those ' +
  'what which who how when where why do does did can could would should will shall may might must please pls plz kindly ' +
  'calculate calc compute computed computing determine estimate estimated find give report tell show state provide obtain derive derived get need want like know ' +
  'value values image images scene scenes data dataset datasets study area region raster rasters file files tif tiff geotiff input inputs given using use used based ' +
  'all each every any per across throughout whole entire full overall same than then there their them they we you your our me my i us ' +
  'year years yearly annual annually month months monthly day days daily date dates period periods time times series ' +
  'pixel pixels grid cells cell result results answer number one two also only just about approximately roughly around exactly ' +
  'level levels index indices layer layers map maps product products observation observations analysis analyze analyse ' +
  'let lets s t me into up out so if not no yes here some such very much many more most less has have had having whether ' +
  'provided attached folder directory available covering covers cover area\'s region\'s value\'s'
).split(/\s+/)

/**
 * Ordinal words that order the steps of an instruction ("first apply the TVDI method", "then compute", "finally,
 * summarize"), and the verbs that make them so: before one of these verbs an ordinal names no part of the image
 * ("the first third") and no time span ("the first 10 days").
 */
export const STEP_MARKERS: readonly string[] = ['first', 'firstly', 'first of all', 'second', 'secondly', 'third', 'thirdly', 'then', 'next', 'finally', 'lastly', 'afterwards', 'after that', 'subsequently']
export const STEP_VERBS: readonly string[] = (
  'apply list calculate compute derive determine estimate find get use read obtain construct classify analyze analyse identify extract mask ' +
  'summarize summarise report give compare plot count select perform run fit create generate make convert retrieve take average aggregate ' +
  'assess evaluate map output build check filter load open mosaic resample reproject stack clip sum subtract divide multiply normalize normalise ' +
  'calibrate save export describe rank sort combine merge define produce state provide return tell'
).split(/\s+/)

/**
 * English words one typing slip away from a lexicon word that are words of their own, never corrected by the typo
 * refiner (main/domain/spans/typos.ts): "scope" is no "slope", "mouth" no "month".
 */
export const NOT_TYPOS: readonly string[] = (
  'scope mouth three there these those where while which whose other others either neither after later latter water waters ' +
  'means medians minima maxima lower power tower fewer meter liter litre sites notes noted lines liner mines miner modes model ' +
  'field fields yield yields spread dense sense tense rates gates brands hands charges build builds table tables weight weights'
).split(/\s+/)

/**
 * Misspellings outside the typing-slip rule of spans/typos.ts that change what is asked when missed: short words
 * ("wich date" is a date question) and a slip at the last letter of a statistic ("maximun").
 */
export const SHORT_MISSPELLINGS: Readonly<Record<string, string>> = {
  wich: 'which',
  whic: 'which',
  wat: 'what',
  whn: 'when',
  wen: 'when',
  evry: 'every',
  til: 'until',
  betwen: 'between',
  // Two letters swapped in a short word of asking ("how mnay dates" is a count).
  mnay: 'many',
  amny: 'many',
  hwo: 'how',
  waht: 'what',
  whta: 'what',
  // Slips the rule reads two ways ("exept" is one letter from "except" and from "exempt"): a negation missed changes the value.
  exept: 'except',
  excpet: 'except',
  // Last-letter slips the typing-slip rule leaves alone (a changed last letter is usually an inflection).
  maximun: 'maximum',
  minimun: 'minimum',
}

/**
 * Words that open a place's proper name when capitalised and followed by another capitalised word ("South Carolina",
 * "Upper Egypt", "Central Asia"): a place the data show, not a part of the image. A following word of the lexicon
 * ("North Half", "Upper Quartile") keeps its meaning.
 */
export const PLACE_NAME_LEADS: readonly string[] = ['North', 'South', 'East', 'West', 'Northern', 'Southern', 'Eastern', 'Western', 'Upper', 'Lower', 'Central', 'Northeast', 'Northwest', 'Southeast', 'Southwest']

/**
 * A scene's place in the Landsat Worldwide Reference System ("WRS-2 path 16, row 37", "path/row 016/037", "LC08
 * 016037"): which scene, not a window of pixel rows. Words only; the numbers follow each word.
 */
export const SCENE_GRID_WORDS = {
  system: ['wrs-2', 'wrs 2', 'wrs2', 'wrs-1', 'wrs'],
  path: ['path'],
  row: ['row'],
  // Sensor codes that open a scene's short name with its path and row run together ("LC08 016037", "LE07_L1TP_016037",
  // "Landsat 8 L1TP 016037", "L8 016037").
  sensors: ['lc09', 'lc08', 'lo08', 'lt08', 'le07', 'lt05', 'lt04', 'lm05', 'landsat 9', 'landsat 8', 'landsat 7', 'landsat 5', 'landsat-9', 'landsat-8', 'landsat-7', 'landsat-5', 'l9', 'l8', 'l7', 'l5'],
} as const

/**
 * Words before the number of a document, ticket or meeting in a message ("ticket GIS-3318", "draft v0.3, section 4.2",
 * "slide 7 of 15", "slide (#7)", "meeting room 3", "case 2291-B", "due 20 December", "block F-12"): the number refers to the paperwork, never to
 * the data.
 */
export const REFERENCE_LEADS: readonly string[] = [
  'ticket', 'ref', 'ref.', 'reference', 'case', 'section', 'sec.', 'slide', 'slides', 'page', 'pages', 'p.', 'pp.', 'room', 'meeting room', 'draft',
  'version', 'ver.', 'issue', 'chapter', 'table', 'figure', 'fig.', 'item', 'order', 'invoice', 'project', 'job', 'request', 'memo', 'due', 'deadline',
  'block', 'field block', 'parcel', 'plot', 'annex', 'appendix', 'attachment', 'sheet', 'tab',
]

/** Verbs that open an instruction: a sentence starting with one asks even without a question mark ("Exclude clouds."). */
export const INSTRUCTION_OPENERS: readonly string[] = [
  'exclude', 'mask', 'remove', 'drop', 'ignore', 'use', 'keep', 'only', 'skip', 'filter', 'apply', 'compute', 'calculate', 'take', 'leave', 'count',
]
/** Verbs that open a request ("Report the mean ...", "Give me ..."). */
export const REQUEST_OPENERS: readonly string[] = ['report', 'give', 'tell', 'state', 'find', 'show']
/** How the writer says what they want ("we need", "I would like"), after "we" or "I". */
export const WANT_VERBS: readonly string[] = ['want', 'need', 'wish', 'would like', 'are interested', 'am interested', 'ask']
/**
 * Verbs of a clause that says why the question is asked and directs nothing ("..., but we want to check", "and I need
 * to verify this").
 */
export const MOTIVATION_VERBS: readonly string[] = ['check', 'verify', 'confirm', 'test', 'see', 'know', 'understand', 'find out']
/**
 * First- and second-person words: a sentence with one may direct the analysis ("We only look at the hottest
 * fields.") rather than state a fact.
 */
export const PERSONAL_WORDS: readonly string[] = ['we', 'i', 'us', 'our', 'ours', 'my', 'me', 'you', 'your', 'let', 'lets', "let's"]
/** Words by which an ask points back to something said before it ("their mean NDVI", "those fields", "such days"). */
export const REFERRING_PRONOUNS: readonly string[] = ['they', 'them', 'their', 'theirs', 'these', 'those', 'such', 'it', 'its']

/**
 * The fill (no-data) exclusion said in words, which every statistic applies already: the fill's names, with its
 * value restated ("fill (DN 0)", "DN 0 = fill"), and the words that set it aside before ("excluding", "skip", "no")
 * or after it ("excluded", "ignored", "not counted", "out").
 */
export const FILL_EXCLUSION: { names: readonly string[]; before: readonly string[]; after: readonly string[] } = {
  names: ['fill', 'nodata', 'no-data', 'no data'],
  before: ['excluding', 'excluded', 'exclude', 'without', 'w/o', 'ignoring', 'ignore', 'except for', 'except', 'not counting', 'leaving out', 'leave out', 'skip', 'skipping', 'drop', 'dropping', 'omit', 'omitting', 'no'],
  after: ['excluded', 'ignored', 'left out', 'removed', 'dropped', 'discarded', 'skipped', 'masked out', 'masked', 'out', 'not counted', 'not included', 'not used', 'not considered', 'not to use', 'not to be used', 'not taken', 'do not count', "don't count", 'dont count', 'does not count', "doesn't count", 'not to be counted'],
}

/**
 * A later message (or sentence) that corrects an earlier one in a chat ("sorry, 300 K", "no wait, band 11 not 10",
 * "actually the median, not the mean"): its opening words, and the joins of "what is meant" and "what was written".
 * `strong` openers mark a correction whatever follows (one the reader cannot apply blocks the run); `weak` ones
 * ("sorry", "actually", and an interjection alone: "ugh, band 3 instead of band 4") only when a correction of a value
 * follows ("sorry for the delay" corrects nothing).
 */
export const CORRECTION_OPENERS: { strong: readonly string[]; weak: readonly string[]; interjections: readonly string[] } = {
  strong: ['no wait', 'wait no', 'wait', 'oops', 'whoops', 'correction', 'scratch that', 'make that', 'make it', 'typo'],
  // "I mean the turbidity index from spyndex" explains rather than corrects: only a value after it corrects.
  weak: ['sorry', 'actually', 'my bad', 'edit', 'erratum', 'no', 'i meant', 'i mean'],
  interjections: ['ugh', 'argh', 'oh', 'ah', 'hmm', 'erm', 'um', 'uh', 'ok', 'okay'],
}
/** Joins of a correction: "<meant> not <written>", "<meant> instead of <written>", "not <written> but <meant>". */
export const CORRECTION_JOINS: readonly string[] = ['not', 'instead of', 'rather than', 'in place of']

/**
 * Words by which a sentence reports on other data than the ask's (spans/statements.ts): another time ("last year's
 * survey", "last season", "years ago") or another source ("our previous report", "the 2018 baseline", "the airport
 * station", "the field crew"), with a verb in the past ("counted", "quoted", "recorded", "was"). Its numbers and
 * words describe that other data; it is set aside where the ask states its own value of each kind of thing the
 * report names (a threshold, a period, a statistic) and does not point back to it.
 */
export const REPORT_MARKERS: { times: readonly string[]; sources: readonly string[]; pastVerbs: readonly string[] } = {
  times: [
    'last year', "last year's", 'last season', "last season's", 'last summer', 'last winter', 'last spring', 'last autumn', 'last fall', 'last month',
    'last week', 'last time', 'last campaign', 'a year ago', 'years ago', 'in the past', 'previously', 'historically', 'earlier this year',
    // A figure given to compare with, in a report line to fill in ("...: TBD; for comparison, the annual mean was 0.690").
    'for comparison', 'by comparison',
  ],
  sources: [
    'previous report', 'earlier report', 'prior report', 'previous study', 'earlier study', 'previous survey', 'previous analysis', 'previous bulletin',
    'previous estimate', 'baseline', 'bulletin', 'survey', 'field team', 'field crew', 'crew', 'station', 'weather station', 'insurer', 'earlier version',
  ],
  pastVerbs: [
    'was', 'were', 'had', 'counted', 'recorded', 'measured', 'quoted', 'flagged', 'logged', 'used', 'treated', 'reported', 'found', 'gave', 'showed',
    'came', 'observed', 'estimated', 'mapped', 'computed', 'calculated', 'noted', 'saw', 'got', 'published',
  ],
}
