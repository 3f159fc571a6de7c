/**
 * The words the task reader knows: variables (with the key the planner uses), statistics, image parts, units, and
 * the words that could change a result when the reader finds them unread (the "blocking" lexicon).
 */
import type { Part, Statistic } from './spec'

/** Variables by their common names; the key is what conditions and subjects use ('lst', 'ndvi', ...). */
export const VARIABLES: readonly { key: string; words: RegExp }[] = [
  { key: 'tvdi', words: /\btvdi\b|temperature[\s-]+vegetation[\s-]+dryness(?:\s+index)?|dryness\s+(?:index|indicator)|drought\s+index/i },
  { key: 'lst', words: /\blst\b|land[\s-]+surface[\s-]+temperatures?|surface[\s-]+temperatures?|brightness[\s-]+temperatures?|\btemperatures?\b/i },
  { key: 'ati', words: /\bati\b|(?:apparent\s+)?thermal\s+inertia/i },
  { key: 'pwv', words: /\bpwv\b|(?:precipitable\s+)?water\s+vapou?r/i },
  { key: 'emissivity', words: /\bemissivity\b/i },
  { key: 'albedo', words: /\balbedo\b/i },
  { key: 'precipitation', words: /\bprecipitation\b|\brain(?:fall)?\b/i },
  { key: 'night_lights', words: /night[\s-]*(?:time)?[\s-]*lights?|\bntl\b|\bavg_rad\b/i },
  { key: 'frp', words: /\bmax\s*frp\b|\bfrp\b|fire\s+radiative\s+power/i },
  { key: 'built_volume', words: /built[\s_-]*(?:up[\s_-]+)?volume/i },
  { key: 'elevation', words: /\belevation\b|\bdem\b|\baltitude\b/i },
  { key: 'soil_moisture', words: /soil\s+moisture/i },
  { key: 'snow_cover', words: /snow\s+cover/i },
  { key: 'aod', words: /\baod\b|aerosol\s+optical\s+depth/i },
  { key: 'chlorophyll', words: /chlorophyll/i },
  { key: 'ndvi', words: /\bndvi\b|vegetation[\s-]+(?:index|cover(?:age)?|greenness)/i },
  { key: 'evi', words: /\bevi\b/i },
  { key: 'ndwi', words: /\bndwi\b/i },
  { key: 'mndwi', words: /\bmndwi\b/i },
  { key: 'savi', words: /\bsavi\b/i },
  { key: 'ndbi', words: /\bndbi\b/i },
  { key: 'nbr', words: /\bnbr\b|burn\s+ratio/i },
  { key: 'ndsi', words: /\bndsi\b/i },
  { key: 'ndmi', words: /\bndmi\b/i },
]

/** Objects the counting tools look for. */
export const OBJECTS =
  /\b(ships?|boats?|vessels?|planes?|airplanes?|aircraft|cars?|vehicles?|buildings?|houses?|storage tanks?|trees?|bridges?|harbou?rs?|ponds?|swimming pools?|tennis courts?|roundabouts?|windmills?|wind turbines?|helicopters?|trucks?|containers?)\b/i

/** Value statistics by their words, most specific first. */
export const VALUE_STATISTICS: readonly { statistic: Statistic; words: RegExp }[] = [
  { statistic: 'std', words: /\bstandard\s+deviations?\b|\bstd\.?(?:\s*dev\.?)?\b|\bstdev\b|\bsd\b(?=\s+of)/i },
  { statistic: 'variance', words: /\bvariance\b/i },
  { statistic: 'median', words: /\bmedian\b/i },
  { statistic: 'range', words: /\b(?:value\s+)?range\s+of\s+(?:the\s+)?(?:values|\w+\s+values)\b|\b(?:max(?:imum)?\s*(?:-|minus)\s*min(?:imum)?)\b|\bspread\s+between\s+the\s+(?:highest|maximum)\b/i },
  { statistic: 'sum', words: /\bsum\b|\btotal\s+(?:of\s+(?:the\s+)?)?(?:pixel\s+)?values?\b/i },
  { statistic: 'mean', words: /\bmean\b|\baverages?\b|\baveraged\b|\bavg\b/i },
  { statistic: 'max', words: /\bmaxim(?:um|a)\b|\bhighest\b|\bmax\b|\bpeak\b|\blargest\b/i },
  { statistic: 'min', words: /\bminim(?:um|a)\b|\blowest\b|\bmin\b|\bsmallest\b/i },
]

/** "the 90th percentile", "p90", "the 25 % quantile", quartiles. */
export const PERCENTILE = /\b(\d{1,2}(?:\.\d+)?)(?:st|nd|rd|th)?[\s-]*(?:percentile|centile|%\s*(?:quantile|percentile))\b|\bp(\d{1,2})\b(?!\s*[-/])|\b(first|lower|third|upper)\s+quartile\b/i

/** Image halves and quadrants by their words (north-up grids: north = top). */
export const PARTS: readonly { part: Part; words: RegExp }[] = [
  { part: 'northeast', words: /\b(?:north[\s-]?east(?:ern)?|upper[\s-]right|top[\s-]right)\s+(?:quadrant|quarter)\b/i },
  { part: 'northwest', words: /\b(?:north[\s-]?west(?:ern)?|upper[\s-]left|top[\s-]left)\s+(?:quadrant|quarter)\b/i },
  { part: 'southeast', words: /\b(?:south[\s-]?east(?:ern)?|lower[\s-]right|bottom[\s-]right)\s+(?:quadrant|quarter)\b/i },
  { part: 'southwest', words: /\b(?:south[\s-]?west(?:ern)?|lower[\s-]left|bottom[\s-]left)\s+(?:quadrant|quarter)\b/i },
  { part: 'north', words: /\b(?:north(?:ern)?|upper|top)\s+half\b|\bhalf\s+(?:of\s+the\s+\w+\s+)?(?:to\s+the\s+|in\s+the\s+)north\b/i },
  { part: 'south', words: /\b(?:south(?:ern)?|lower|bottom)\s+half\b|\bhalf\s+(?:of\s+the\s+\w+\s+)?(?:to\s+the\s+|in\s+the\s+)south\b/i },
  { part: 'east', words: /\b(?:east(?:ern)?|right)\s+half\b|\bright[\s-]hand\s+half\b/i },
  { part: 'west', words: /\b(?:west(?:ern)?|left)\s+half\b|\bleft[\s-]hand\s+half\b/i },
]

/** Phrases that name a part of the image the reader did not place (they could change the result). */
export const REGION_WORDS =
  /\b(?:north|south|east|west|upper|lower|top|bottom|left|right|central|centre|center|middle|northern|southern|eastern|western)[\w-]*\s+(?:half|halves|part|portion|quadrant|quarter|corner|section|side|third|strip|edge|rows?|columns?)\b|\b(?:top|bottom|left|right|upper|lower|north|south|east|west|centre|center|middle)\s+(?:side\s+)?(?:of|in)\s+the\s+(?:image|picture|scene|frame|tile|raster|map)\b|\b(?:quadrant|corner|buffer\s+of|rows?\s+\d|columns?\s+\d|within\s+\d+\s*k?m\b)|\b(?:within|inside|in|for|over)\s+(?:the\s+|a\s+|this\s+)?(?:bounding\s+box|bbox|polygon)\b(?!\s+(?:coordinates|of\s+the\s+(?:image|raster|input)))/i

/** Words that could change the value when left unread: statistics, time parts, masks, units. */
export const BLOCKING_WORDS: readonly { words: RegExp; why: string }[] = [
  { words: /\b(?:median|mode|modal|variance|deviation|stdev|percentiles?|quartiles?|quantiles?|deciles?|skew\w*|kurtosis|interquartile|coefficient\s+of\s+variation|weighted|geometric|harmonic|cumulative|anomal\w*|z-?scores?)\b/i, why: 'a statistic the reader could not place' },
  { words: REGION_WORDS, why: 'a part of the image the reader could not place' },
  { words: /\b(?:quarter|weeks?|weekly|fortnightly|hourly|decadal|weekends?|weekdays?|decade|hours?|morning|afternoon|fortnight|monsoon|growing\s+season|wet\s+season|dry\s+season|(?:first|last|early|late)\s+(?:\d+\s+)?(?:days?|dates?|months?|weeks?|images?|acquisitions?))\b/i, why: 'a time span the reader could not place' },
  { words: /\b(?:excluding|exclude[sd]?|except|cloud[\w-]*|clear[\s-]sky|\bqa\b|quality\s+flags?|snow[\s-]free|masked\s+out)\b/i, why: 'a mask the reader could not apply' },
  { words: /\b(?:fahrenheit|°f|acres?|miles?|feet)\b/i, why: 'a unit the reader does not convert to' },
  { words: /\bbetween\s+[+\-−]?\d/i, why: 'a range the reader could not place' },
]

/** Words that carry no content of their own for the spec (function words, verbs of asking, filler). */
export const FILLER = new Set(
  (
    'a an the of in on at for to from by with within over during and or as is are was were be been being it its this that these those ' +
    'what which who how when where why do does did can could would should will shall may might must please ' +
    'calculate compute computed computing determine estimate estimated find give report tell show state provide obtain derive derived get ' +
    'value values image images scene scenes data dataset study area region raster rasters file files tif tiff geotiff input inputs given using use used based ' +
    'all each every any per across throughout whole entire full overall same than then there their them they we you your our me my ' +
    'year years yearly annual annually month months monthly day days daily date dates period periods time times series ' +
    'pixel pixels grid cells result results answer number one two also only just about approximately roughly around ' +
    'level levels index indices layer layers map maps product products observation observations level analysis analyze analyse'
  ).split(/\s+/),
)

/**
 * Class words used to select pixels ("urban pixels", "forest areas", "water bodies"): a mask needing a class layer or
 * a stated threshold. A class word as context ("the urban heat island", "the urban area of Wuhan" as the study area) selects nothing.
 */
export const CLASS_WORDS =
  /\b(?:(?:urban|built-up|forest(?:ed)?|cropland|agricultural|farmland|grassland|bare[\s-]soil|wetland|water|snow(?:-covered)?|ice|vegetated|non-vegetated)\s+(?:pixels?|areas|zones|surfaces|land\s+cover|cover\s+class|class(?:es)?|patches)|water\s+bodies)\b/i
