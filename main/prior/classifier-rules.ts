/**
 * Keyword and pattern rules of the task classifier, derived from the task definitions in `task-types.ts` (what
 * each type asks and what its answer names), not from any particular benchmark's wording.
 *
 * Rules are tried in order and the first that fires decides. The order encodes which cue wins when a question
 * carries several:
 * - an offered "the object is not in the image" option marks hallucination detection whatever the stem asks;
 * - questions asking for a map's place, a disaster type or a sensor come before object-level cues, because they
 *   mention objects ("the buildings", "this landmark") only as the subject of the place, damage or image;
 * - quantitative Earth-observation questions (indices, temperature, emissions, population, night lights) come
 *   before counting, time and change, because "count the spikes of the drought index", "seasonal averages of
 *   water vapour" or "NDSI changes" ask about the environment, not about objects, seasons or scene change;
 * - change between acquisitions before captions ("describe the changes"), comparison before recognition, and
 *   recognition before localisation: "what colour is the car at the top left" asks for the colour, and the
 *   position only picks the car;
 * - counting before physical quantities and spatial relations, except that "how many metres" is a length;
 * - a computation over raster files with no other cue is read last as an environmental product analysis.
 * Only the stem is matched, except by the hallucination rule, which reads the options.
 */
import { SEASONS, UNITS, VARIABLES } from '../domain/lexicon'
import { alternation } from '../domain/spans/words'
import type { QuestionText } from './question-text'
import type { TaskType } from './task-types'

export interface ClassifierRule {
  /** Stable id, reported with the classification so a decision can be traced. */
  id: string
  type: TaskType
  /** The definition-level reason this rule maps to its type. */
  why: string
  test: (q: QuestionText) => boolean
}

// --- Shared vocabularies -------------------------------------------------------------------------------------
// The words of indices, products, temperature units, seasons and area units come from the lexicon
// (main/domain/lexicon); the cue phrases around them (what an answer names) are the classifier's own.

/** Spectral indices and derived products the lexicon names (NDVI, SAVI, TVDI, "burn ratio" ...). */
const LEX_PRODUCTS = new RegExp(
  `(?:${alternation(VARIABLES.filter((v) => v.kind === 'index' || (v.kind === 'product' && v.key !== 'reflectance')).flatMap((v) => v.names))})`,
)
/** A quantity's units by every name the lexicon gives them longer than two letters. */
const unitNames = (quantity: string): RegExp =>
  new RegExp(
    `(?:${alternation(
      UNITS.filter((u) => u.quantity === quantity)
        .flatMap((u) => u.names)
        .filter((n) => n.length > 2),
    )})`,
  )
/** Temperature units. */
const LEX_TEMPERATURE_UNITS = unitNames('temperature')
/** Area units (m², km², hectares, acres ...). */
const LEX_AREA_UNITS = unitNames('area')
/** Season words. */
const LEX_SEASONS = new RegExp(`(?:${alternation(SEASONS.flatMap((x) => x.names))})`)

/**
 * Thermal and atmospheric layers the lexicon names (LST and "temperature", water vapour, fire radiative power,
 * aerosol optical depth, albedo, emissivity): environmental rasters like the indices. The keys are the classifier's
 * choice; their words are the lexicon's.
 */
const ENV_LAYER_KEYS = ['lst', 'pwv', 'frp', 'aod', 'albedo', 'emissivity']
const LEX_ENV_LAYERS = new RegExp(`(?:${alternation(VARIABLES.filter((v) => ENV_LAYER_KEYS.includes(v.key)).flatMap((v) => v.names))})`)

/** Phrases of environmental rasters that name no lexicon variable (Earth-Bench "spectrum"/"products"). */
const ENV_PRODUCT =
  /thermal inertia|thermal (?:band|infrared|data|observations?|imagery)|split[- ]window|\bband (?:10|11|31|32)\b|\bb10\b|precipitable water|water vapou?r|atmospheric (?:absorption|moisture)|dryness index|vegetation[- ](?:dryness|index|indices|cover(?:age)?|health|vigou?r|condition|greenness|loss|gain|growth|density|fraction|hotspots?)/
/** Environmental states and pressures. */
const ENV_STATE =
  /carbon dioxide|\bco2\b|\bco₂\b|emission|pollut|air quality|\bpm ?2\.5\b|\bpm ?10\b|particulate|nitrogen dioxide|\bno2\b|\bozone\b|greenhouse gas|aerosol|smog|\bhaze level|heat island|heat ?wave|extreme heat|drought|desertification|turbidity|water quality|chlorophyll|algal bloom|eutrophic|soil moisture|evapotranspiration|ecolog|environment(?:al)? (?:quality|condition|impact|risk|status|level)|snow (?:cover|index|line)|burn(?:ed|t)? (?:area|scar|severity)|\bturbid|\bstressed\b|\bhealthy or\b|(?:crop|vegetation|plant) (?:health|stress|condition)|water stress|fire[- ](?:prone|pixel|radiative|risk|activity)|rainfall|precipitation|coldest|hottest|warmest/
/** Human and natural resources. */
const RESOURCE =
  /population|inhabitants|residents|people (?:live|living|reside)|\blive in (?:the|this) (?:area|region)|household|\bgdp\b|economic (?:activity|output|level|development)|night[- ]?time light|night light|nighttime lights|light intensity|built[- ]?(?:up )?volume|building volume|crop yield|grain yield|harvest|agricultural (?:output|production)|water resources?\b|mineral|timber|forest (?:stock|resource)|solar (?:potential|resource)|energy (?:potential|resource)|(?:electricity|energy|power) consumption|how much (?:cropland|farmland|arable land|water|timber)|(?:water|reservoir) (?:stored|storage|volume|capacity)|stored in the reservoir|cropland (?:area|available|resources?)|arable land/

/** A place a map question's answer names (a map may show any administrative unit). */
const PLACE_UNIT = '(?:country|countries|nation|continent|province|state|city|region|territory|island)'
/** A place a geospatial question's answer names; `region` and `state` are left out as they also name image parts and conditions. */
const GEO_UNIT = '(?:country|countries|nation|continent|province|city|territory)'

/** Object attributes that CHOICE-style questions read or compare. */
const ATTRIBUTE = '(?:colou?rs?|shapes?|sizes?|materials?|orientations?|headings?|directions?|types?|roof|textures?)'

// --- The rules ------------------------------------------------------------------------------------------------

export const CLASSIFIER_RULES: readonly ClassifierRule[] = [
  {
    id: 'hallucination.absent-option',
    type: 'hallucination_detection',
    why: 'an option states that the asked-about object is absent, so the question may presuppose a missing object',
    test: (q) =>
      !/^(?:is|are) (?:there|a|an|any)\b|\bpresent\b|can you see|do you see|does (?:this|the) (?:image|picture|scene)/.test(q.stem) &&
      q.options.some((o) =>
        /\b(?:not (?:in|present|visible|shown|found|exist|appear)|no such|does(?:n't| not) (?:exist|appear)|absent|nowhere|there is no|is not there|shows no|no \w+(?: \w+)? (?:is |are )?(?:visible|present|shown|seen))\b/.test(
          o,
        ),
      ),
  },
  {
    id: 'hallucination.presupposition',
    type: 'hallucination_detection',
    why: 'the question itself allows that the named object may not exist in the image',
    test: (q) => /\bif (?:it|one|any|they) (?:exists?|is present|are present|appears?)\b|\bor (?:is|are) (?:it|they) (?:absent|missing)\b/.test(q.stem),
  },
  {
    id: 'map.place-from-map',
    type: 'map_recognition',
    why: 'a map or outline is shown and the answer is the place it depicts',
    test: (q) =>
      (/\bmaps?\b|\boutlines?\b|\boutlined\b|\bboundary shape\b|\bcharts?\b|\bdrawings?\b/.test(q.stem) &&
        new RegExp(`\\b${PLACE_UNIT}\\b`).test(q.stem) &&
        /\b(?:which|what|identify|name|recogni[sz]e|depicted|shown|outlined|represented|drawn)\b/.test(q.stem)) ||
      /\bwhose (?:coastline|borders?|boundar(?:y|ies)|outline|shape)\b.*\b(?:map|chart|drawn|drawing|outlined|shown)\b/.test(q.stem),
  },
  {
    id: 'disaster.which-disaster',
    type: 'disaster_discrimination',
    why: 'the answer is the disaster type that caused what is visible',
    test: (q) =>
      /\b(?:what|which)\b(?: \w+){0,3} (?:disasters?|catastroph\w*|calamit\w*|hazards?)\b|\b(?:type|kind|sort) of (?:natural )?(?:disaster|catastrophe|calamity|hazard)\b|\bdisaster (?:type|category|kind)\b/.test(
        q.stem,
      ) ||
      /\b(?:what|which)\b(?: \w+){0,2} (?:event|phenomenon|incident)\b.*\b(?:caused|led to|brought|responsible|resulted|produced|flattened|destroyed|damaged|ruined|swept|left)\b/.test(
        q.stem,
      ) ||
      /\bdamage (?:was )?(?:caused|done|brought) by\b|\b(?:caused|destroyed|damaged) by (?:what|which)\b|\bwhat (?:has |most likely |probably )?caused (?:the|this) (?:damage|destruction|devastation)\b/.test(
        q.stem,
      ),
  },
  {
    id: 'modality.sensor',
    type: 'image_modality',
    why: 'the answer is the sensor or imaging mode',
    test: (q) =>
      /modalit|sensor type|type of sensor|which sensor|what sensor|imaging (?:mode|modality|type|technique|technology)|kind of (?:imagery|sensor)|type of imagery|spectral (?:type|mode)|false[- ]colou?r|colou?r composite|near[- ]infrared composite|(?:type|kind) of (?:remote[- ]sensing )?data\b|sensor family|(?:which|what) (?:kind|type) of (?:sensor|camera)/.test(
        q.stem,
      ) ||
      /\b(?:taken|captured|acquired|produced|recorded|imaged) (?:by|with) (?:a |an )?(?:radar|sar|optical|infrared|thermal|multispectral|hyperspectral|camera|sensor|lidar)\b/.test(
        q.stem,
      ) ||
      /^(?:is|was) (?:this|the) (?:image|picture|scene) (?:a |an )?(?:sar|radar|infrared|thermal|multispectral|hyperspectral|panchromatic|false[- ]colou?r|rgb|optical)\b/.test(
        q.stem,
      ),
  },
  {
    id: 'resource.human-natural',
    type: 'resource_assessment',
    why: 'the answer is an amount of people, economic activity or natural resources in the area',
    test: (q) => RESOURCE.test(q.stem),
  },
  {
    id: 'environment.products-and-states',
    type: 'environmental_assessment',
    why: 'the answer is the level, value or trend of an environmental indicator (index, temperature, emission, dryness...)',
    test: (q) =>
      ENV_PRODUCT.test(q.stem) || LEX_PRODUCTS.test(q.stem) || LEX_ENV_LAYERS.test(q.stem) || LEX_TEMPERATURE_UNITS.test(q.stem) || ENV_STATE.test(q.stem),
  },
  {
    id: 'geo.which-place',
    type: 'geospatial_determination',
    why: 'the answer is a geographic unit (country, continent, city...) where the shown site lies',
    test: (q) =>
      new RegExp(
        `\\b(?:which|what|in which|in what|name the)\\b(?: (?!kind\\b|type\\b|sort\\b|category\\b|part\\b)\\w+){0,2} ${GEO_UNIT}\\b(?! of (?:the|this) (?:image|picture|photo|scene))`,
      ).test(q.stem) ||
      (/\bwhere\b/.test(q.stem) &&
        /\b(?:this|the) (?:place|site|landmark|city|town|location)\b/.test(q.stem) &&
        !/\bin (?:the|this) (?:image|picture|photo|scene)\b/.test(q.stem)) ||
      /where in the world|where on (?:the )?earth|geographic(?:al)? (?:location|coordinates|region)|\blatitude\b|\blongitude\b|which part of the world/.test(
        q.stem,
      ),
  },
  {
    id: 'scene.count-images',
    type: 'scene_classification',
    why: 'counting whole images of a scene kind is classifying each image by scene',
    test: (q) => /\b(?:how many|number of|count(?: the)?)\b(?: \w+){0,2} (?:images|pictures|photos|scenes|tiles)\b(?! of the same)/.test(q.stem),
  },
  {
    id: 'time.when-taken',
    type: 'time_property',
    why: 'the answer is a season, time of day or date inferred from the image',
    test: (q) =>
      (LEX_SEASONS.test(q.stem) && !/\bfall\b/.test(q.stem.match(LEX_SEASONS)?.[0] ?? '')) ||
      /\bseasons?\b|seasonal|fall season|time of (?:the )?day|\b(?:which|what) (?:month|year|time|date)\b.*\b(?:taken|captured|acquired|photographed|imaged)\b|\bwhen (?:was|were|is)\b.*\b(?:taken|captured|acquired|photographed|imaged)\b|(?:taken|captured|acquired) (?:at|during the) (?:night|day(?:time)?|morning|afternoon|evening)|(?:taken|captured|acquired|photographed) in the (?:morning|afternoon|evening|night)|\b(?:acquired|taken|captured|photographed) (?:earliest|first|last|latest)\b|\btime of year\b|chronolog|acquisition (?:date|time)|(?:earliest|latest|oldest|most recent) (?:image|picture|acquisition)/.test(
        q.stem,
      ),
  },
  {
    id: 'quality.judge',
    type: 'image_quality',
    why: 'the answer is a judgement or ranking of image quality',
    test: (q) =>
      /\bquality\b|blurr?|\bsharp(?:est|er|ness)?\b|\bnois(?:e|y|iest)\b|\bclearest\b|\bclarity\b|degrad|distort|artefact|artifact|\bhaz(?:e|y)\b|over-?exposed|under-?exposed|highest resolution|lowest resolution|best resolution|\bexposure\b|stripe noise/.test(
        q.stem,
      ),
  },
  {
    id: 'change.between-times',
    type: 'change_detection',
    why: 'the answer is what changed between images of the same place taken at different times',
    test: (q) =>
      /\bchang(?:e|es|ed|ing)\b|\bdifferences?\b.*\b(?:images?|scenes?|pictures?|dates?|times?|left|right|before|after|first|second|earlier|later)\b|\bbefore and after\b|\bpre- and post-|\bbetween (?:the )?(?:two |successive |different |consecutive )?(?:time points|dates|acquisitions|epochs|years|periods)\b|\b(?:increased|decreased|grown|shrunk|expanded|reduced)\b.*\bbetween\b|\bfrom the (?:left|first|earlier) (?:scene|image|picture)|\bdifferent\b.*\b(?:later|earlier|previous|newer|older) (?:image|scene|picture|one|acquisition)\b|\b(?:new|newly) (?:built|constructed|appeared)\b|\b(?:demolished|disappeared|been (?:built|constructed|removed|replaced|converted))\b|\bnew \w+ (?:appear|are visible|were added)\b.*\b(?:second|later|after|latest|newer)\b|\b(?:moved|shifted|retreated|advanced)\b.*\bbetween\b.*\b(?:19|20)\d{2}\b/.test(
        q.stem,
      ),
  },
  {
    id: 'caption.describe',
    type: 'image_caption',
    why: 'the answer is a sentence describing the overall image content',
    test: (q) =>
      /\bdescribe (?:it|this|the|what)\b|\bcaption|\b(?:best|most accurate|correct|right) description\b|\bdescription (?:of|for) (?:this|the) (?:image|picture|scene|photo)\b|\bsummari[sz]e (?:this|the) (?:image|picture|scene)|in one (?:short |brief |concise )?sentence|which (?:sentence|statement|text) best (?:describes|matches|fits|summari[sz]es)|\bsummari[sz](?:e|es|ing)\b|\bone[- ]sentence\b|\b(?:short|brief|concise) description\b|\boverall content\b|\b(?:statement|text|sentence|description) (?:that )?(?:best )?(?:describes|fits|matches)\b|\bdescription that (?:best )?(?:fits|matches)\b/.test(
        q.stem,
      ),
  },
  {
    id: 'landmark.which-landmark',
    type: 'landmark_recognition',
    why: 'the answer is the name of a specific landmark or site',
    test: (q) =>
      /\blandmarks?\b|\bmonuments?\b|(?:famous|well[- ]known|renowned|iconic|celebrated|historic) (?:\w+ )?(?:building|site|structure|place|bridge|stadium|tower|cathedral|palace|park|temple|church|castle|museum|monument|landmark)|(?:name|identity) of (?:this|the) (?:building|structure|site|bridge|stadium|tower|temple|palace|church|cathedral|park)/.test(
        q.stem,
      ),
  },
  {
    id: 'scene.category',
    type: 'scene_classification',
    why: 'the answer is one land-use or land-cover category for the whole image',
    test: (q) =>
      /\bcategor(?:y|ies|i[sz](?:e|ed|ing))\b|\bclassif(?:y|ied|ication)\b|\b(?:call|label) this (?:tile|area|scene|image|patch|picture)\b|\b(?:tile|area|scene|image|patch) (?:best )?(?:described|categori[sz]ed|classified|labell?ed) as\b|\bscene (?:class|type|label)|\b(?:type|kind|class) of (?:scene|area|place|land|landscape|land use|land cover)\b|land[- ](?:use|cover) (?:type|class|category)|what (?:kind|type) of (?:area|place|region) is (?:this|shown|depicted)|which class\b/.test(
        q.stem,
      ),
  },
  {
    id: 'comparison.same-attribute',
    type: 'attribute_comparison',
    why: 'the answer compares an attribute across two or more objects',
    test: (q) =>
      new RegExp(
        `\\b(?:same|identical|similar|matching|different)\\b(?: \\w+)?\\s${ATTRIBUTE}\\b|\\bshare (?:the )?(?:same|a common)\\b|\\bdiffer(?:ent)? in ${ATTRIBUTE}\\b|\\bcompare (?:the )?${ATTRIBUTE}\\b|\\bdifferences? in ${ATTRIBUTE}\\b`,
      ).test(q.stem) ||
      /\b(?:is|are|which)\b.*\b(?:larger|bigger|smaller|longer|shorter|wider|narrower|taller|higher|lower|darker|brighter) than\b|\bwhich (?:one|object|vehicle|building|of the (?:two|objects|vehicles|buildings)) is (?:the )?(?:larger|bigger|smaller|longest|shortest|largest|smallest|tallest|widest)\b|\bwhich of the (?:two|three|four|five|\d+)\b.*\b(?:larger|bigger|smaller|longer|shorter|wider|narrower|taller|largest|smallest|longest|shortest|widest|tallest|biggest)\b/.test(
        q.stem,
      ),
  },
  {
    id: 'attribute.read',
    type: 'attribute_recognition',
    why: 'the answer is an attribute value of one referred object',
    test: (q) =>
      new RegExp(`\\b(?:what|which|identify|name|determine|tell)\\b(?: \\w+){0,3} ${ATTRIBUTE} (?:is|of|does|are)\\b|\\b${ATTRIBUTE} of the\\b`).test(q.stem) ||
      /\bwhat colou?r\b|\bwhich (?:way|direction) is (?:the|this)\b.*\b(?:facing|heading|pointing|oriented)\b/.test(q.stem),
  },
  {
    id: 'counting.how-many',
    type: 'object_counting',
    why: 'the answer is a number of object instances',
    test: (q) =>
      /\bhow many\b(?! (?:meters|metres|kilometers|kilometres|km|square|feet|foot|hectares|degrees|people|persons|residents|years|days|months)\b)|\b(?:total )?number of\b|\bcount(?:ing)?\b|\bquantity of\b|\btally\b/.test(
        q.stem,
      ),
  },
  {
    id: 'physical.quantity',
    type: 'physical_property',
    why: 'the answer is a physical quantity (height, length, area...) with a metric unit',
    test: (q) =>
      /\bheight\b|\bhow (?:tall|high|long|wide|big|large|deep)\b|\bhow many (?:meters|metres|kilometers|kilometres|km|square|feet|foot|hectares)\b|\b(?:length|width|depth|diameter|perimeter|footprint|elevation|altitude)\b|\b(?:area|size|volume) (?:of|covered|occupied)\b|\b(?:built-up|total|surface|roof|floor|building|land|water|covered) area\b|\bin pixels\b|\b(?:in|square|cubic) (?:meters|metres|kilometers|kilometres)\b|\b(?:m²|m2|km²|km2|sq ?m|hectares?)\b|\barea in pixels\b/.test(
        q.stem,
      ) || LEX_AREA_UNITS.test(q.stem),
  },
  {
    id: 'spatial.relative',
    type: 'spatial_relationship',
    why: 'the answer relates one object to another (direction, adjacency, distance)',
    test: (q) =>
      /\bin relation to\b|\brelative (?:to|position|location|direction)\b|\bwith (?:respect|regard) to\b|\b(?:spatial )?relationship between\b|\bdistances? (?:between|from)\b|\b(?:closest|nearest|farthest|furthest) (?:pair|two)\b|\bhow far\b|\b(?:nearest|closest|farthest|furthest|closer|nearer|farther|further) (?:to|from)\b|\b(?:adjacent|next) to\b|\b(?:left|right|north|south|east|west|above|below|in front) of the\b|\bbetween the\b.*\band\b|\bsurround(?:s|ed|ing)?\b|\binside (?:the|this) [\w ]+ or outside\b/.test(
        q.stem,
      ),
  },
  {
    id: 'presence.is-there',
    type: 'object_presence',
    why: 'the answer is whether an object class appears at all',
    test: (q) =>
      !/\bwhere\b/.test(q.stem) &&
      /^(?:is|are) there\b|\b(?:is|are) (?:a|an|any) .+ (?:present|visible|shown|in (?:this|the) (?:image|picture|scene))\b|\bpresen(?:t|ce)\b|\bcan you (?:see|spot|find|observe)\b|\bdo you see\b|\bdoes (?:this|the) (?:image|picture|scene|photo|tile|view) (?:contain|include|feature|show|have|depict)\b|\bexists?\b|\bappear in\b|\bcan (?:any|a|an)\b.*\bbe (?:seen|found|spotted|observed)\b|^(?:are|is) any\b/.test(
        q.stem,
      ),
  },
  {
    id: 'localization.where',
    type: 'object_localization',
    why: 'the answer is where a named object lies in the image frame',
    test: (q) =>
      /\bwhere (?:is|are|can|does|do|in)\b|\blocation of\b|\blocated\b|\bsituated\b|\bcentroids?\b|\bposition(?:ed)?\b|\blocate\b|\bbounding box\b|\b(?:pixel )?coordinates of\b|\bwhich (?:part|region|quadrant|corner) of the (?:image|picture)\b|\b(?:left|right|upper|lower|top|bottom) (?:side|half|part)\b.*\bor\b|\bpixel box\b|\bbox around\b|\bin which (?:quadrant|corner|half|side)\b/.test(
        q.stem,
      ),
  },
  {
    id: 'situation.human-activity',
    type: 'situation_inference',
    why: 'the answer is an activity, purpose or need inferred from the scene',
    test: (q) =>
      /\bmost likely\b|\bpeople (?:doing|do)\b|\bwhat (?:are|is) (?:the )?(?:people|person|visitors?|workers?) (?:doing|likely)\b|\bpurpose\b|\bused for\b|\bfunction of\b|\bactivit(?:y|ies)\b|\bwould (?:you|one|a visitor) need\b|\bneed to bring\b|\bsuitable for\b|\bwhat is happening\b|\bwhat happened\b|\b(?:probably|likely) (?:happening|taking place|going on)\b|\breason (?:for|why|behind)\b|\bwhy (?:is|are|was|were)\b|\binfer\b/.test(
        q.stem,
      ),
  },
  {
    id: 'environment.raster-files',
    type: 'environmental_assessment',
    why: 'a computation over raster files with no other cue is an Earth-observation product analysis',
    test: (q) =>
      /\b(?:tiff?|geotiffs?|rasters?|pixels?|bands?)\b/.test(q.stem) &&
      /\b(?:calculate|compute|estimate|derive|process|percentage|proportion|fraction|mean|average|trend|statistics?)\b/.test(q.stem),
  },
]
