#!/usr/bin/env python3
"""Build development set 13 (tests/dev-questions/questions-dev-13.jsonl) from references-13.json.

Set 13 is about HOW THE ASK ITSELF IS WRITTEN: the statistic and the words for it, the order of statistics, the
combination of two values (difference either way, absolute difference, ratio, percent change with its base,
percentage points, "how many kelvin / °F warmer", "by what factor"), series (slopes with the time axis stated, Sen's
slope, Mann-Kendall Z, a monthly mean, the date of an extreme, a ranking, a count of dates), the answer's unit and
form (°C, °F, K, fraction vs percent, ha, km2, millions to 2 decimals, rounding, a date), yes/no asks that also ask
a value (answered by the value) and bare yes/no asks or two asks in one (refused). 110 questions = 55 computations
x 2 phrasings in two different wording habits; 8 computations (16 questions) must be refused. Written blind (the
READMEs of ../shared/fixtures, ../shared/benchmarks, ../heldout and this folder, the judge in ../heldout/harness.ts
and the data; set 12's two scripts read for their structure only). Habits: all twelve of harness.ts's enum.

Run from the project root: /usr/bin/python3 tests/dev-questions/build_questions_13.py
"""
import glob
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
REFS = json.load(open(os.path.join(HERE, 'references-13.json')))
OUT = os.path.join(HERE, 'questions-dev-13.jsonl')
HARNESS = os.path.join(HERE, '..', 'heldout', 'harness.ts')

Q46 = 'benchmarks/earthbench-q46/files'
LSD = 'fixtures/landsat8_L1TP_016037_20170813'
DATES = sorted(REFS['_per_date'])
LST_DATES = [d for d in DATES if REFS['_per_date'][d]['lst_valid'] > 0]


def q(d, *vs):
    return [f'{Q46}/Xinjiang_{d}_{v}.tif' for v in (vs or ('LST', 'NDVI'))]


def span(d0, d1, *vs):
    return [f for d in DATES if d0 <= d <= d1 for f in q(d, *vs)]


def every(*vs):
    return [f for d in DATES for f in q(d, *vs)]


def ls(*bands):
    return [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_{b}.TIF' for b in bands] + \
        [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_MTL.txt']


C = {}


def comp(cid, family, files, *phr):
    """phr: (habit, question) twice."""
    assert cid not in C, cid
    C[cid] = (family, files, list(phr))


# ============================================================================================ statistics
comp('st1', 'statistics', q('2019-08-13', 'LST'),
     ('terse', 'typical LST on 2019-08-13, meaning the average over the valid pixels, in °C?'),
     ('dictated', 'what was the typical surface temperature on the thirteenth of august twenty nineteen i mean the '
                  'average over the valid pixels in degrees celsius'))
comp('st2', 'statistics', q('2019-07-28', 'NDVI'),
     ('formal', 'What is the middle value of the NDVI on 28 July 2019, the value with half of the pixels below it and '
                'half above it?'),
     ('locale', 'NDVI vom 28.07.2019 (28 July): what is the Zentralwert (the middle value, i.e. the median) over all '
                'pixels?'))
comp('st3', 'statistics', q('2019-06-26', 'LST'),
     ('context', 'We are comparing how heterogeneous the surface temperature field is across our summer scenes. For '
                 '26 June 2019, how spread out are the LST values? Give the population standard deviation in kelvin.'),
     ('typos', 'how variabel is the land surface temprature on 2019-06-26? i want the standard deviaton (population, '
               'ddof=0) in K'))
comp('st4', 'statistics', q('2019-08-29', 'NDVI'),
     ('checklist', 'Requirement:\n- layer: NDVI of 2019-08-29\n- keep the negative values (water, bare ground), do '
                   'not clip to 0..1\n- statistic: the lowest value in the image'),
     ('chat', 'q about the 29 aug 2019 ndvi\nwhat is the lowest value in it?\nnegatives count, don\'t clip them'))
comp('st6', 'statistics', q('2019-08-13', 'LST'),
     ('pseudocode', 'v = lst_2019_08_13[lst_2019_08_13 > 0] / 50   # kelvin\nrng_K = v.max() - v.min()\n'
                    'rng_F = ?   # the same range as a temperature difference in °F (no +32 offset)'),
     ('email', 'Hi Lena,\n\nfor slide 4 we need the LST range of 2019-08-13, i.e. the maximum minus the minimum over '
               'the valid pixels. The US partners want it in °F, as a difference (so no +32 offset). Can you send me '
               'the number?\n\nThanks, Marc'))
comp('st7', 'statistics', q('2019-08-29', 'LST'),
     ('terse', 'top-decile cutoff of LST, 29 Aug 2019, in kelvin?'),
     ('nonnative', 'Which temperature is the limit of the hottest 10 percent of pixels on 2019-08-29? I mean the 90th '
                   'percentile of the LST, please in kelvin.'))
comp('st9', 'statistics', q('2019-05-25', 'LST'),
     ('pseudocode', "lst = read('Xinjiang_2019-05-25_LST.tif') / 50   # kelvin, DN 0 = nodata\nv = lst[lst > 0]\n"
                    'iqr = np.percentile(v, 75) - np.percentile(v, 25)\n-> iqr?'),
     ('formal', 'What is the interquartile range of the land surface temperature on 25 May 2019, in kelvin?'))
comp('st11', 'statistics', q('2019-04-07', 'LST'),
     ('terse', 'how many pixels have a valid LST on 2019-04-07?'),
     ('fillin', 'QA log, LST 2019-04-07: valid pixels = ___ (of 6,687,227 in the grid)'))
comp('st12', 'statistics', q('2019-06-10', 'NDVI'),
     ('checklist', '- layer: NDVI, 2019-06-10\n- keep only values from 0 to 1\n- statistic: coefficient of variation '
                   '(population std divided by the mean)\n- report it as a percentage'),
     ('locale', 'Variationskoeffizient (coefficient of variation, std / mean) des NDVI am 10.06.2019, nur Werte 0–1 '
                '(only values 0 to 1), in Prozent (percent)?'))
comp('st13', 'statistics', every('LST'),
     ('email', 'Hello,\n\nfor the data-volume table in ticket #2217 I need the total number of valid LST pixel '
               'observations in the 2019 Xinjiang series: add up the valid-pixel count of every date (the empty dates '
               'add zero). The exact number, please.\n\nBest, Ana'),
     ('pseudocode', 'total = sum((lst_d > 0).sum() for lst_d in lst_2019)   # every LST file of 2019, DN 0 = nodata\n'
                    'print(total)   # exact integer?'))

# =========================================================================================== answer form
comp('af1', 'answer form', q('2019-12-03', 'LST'),
     ('chat', 'lst 3 dec 2019\nhow much of the valid px is below freezing (0 °C)?\nas a fraction 0-1 pls, not a percent'),
     ('formal', 'On 3 December 2019, what fraction of the valid LST pixels is colder than 0 °C? Give it as a fraction '
                'between 0 and 1.'))
comp('af2', 'answer form', q('2019-08-13', 'NDVI'),
     ('nonnative', 'What percent of pixels have NDVI strictly more than 0.5 on 2019-08-13? Percent of the pixels which '
                   'have a NDVI value.'),
     ('dictated', 'on the thirteenth of august twenty nineteen what percent of the n d v i pixels are strictly above '
                  'zero point five'))
comp('af3', 'answer form', q('2019-08-13', 'NDVI'),
     ('context', 'The provincial forestry office reports green cover in hectares and reminds us that our Web-Mercator '
                 'pixels are not 900 m² on the ground. How many hectares of true ground area had NDVI above 0.5 on 13 '
                 'August 2019?'),
     ('checklist', '- date: 2019-08-13\n- condition: NDVI > 0.5\n- output: area in hectares\n- area: true ground '
                   'area, not the nominal pixel size'))
comp('af4', 'answer form', q('2019-05-25', 'LST'),
     ('fillin', 'Table 2, row 2019-05-25: valid LST pixels (millions, 2 decimals): ___'),
     ('terse', 'valid LST px on 2019-05-25, in millions, 2 dp?'))
comp('af5', 'answer form', q('2019-11-01', 'LST'),
     ('typos', 'upper quartil of LST on 2019-11-01, rounded to the nearest whole kelvin pls'),
     ('email', 'Dear Dr. Weber,\n\ncould you tell me the upper quartile (75th percentile) of the land surface '
               'temperature on 1 November 2019? A whole number of kelvin is enough for the report.\n\nKind regards,\n'
               'Tomás'))
comp('af6', 'answer form', q('2019-09-14', 'LST'),
     ('locale', 'LST am 14.09.2019 (14 September): das 10. Perzentil (the 10th percentile) in °C, eine Nachkommastelle '
                '(one decimal) reicht.'),
     ('chat', 'sept 14 2019 lst\nneed the 10th percentile\nin celsius, 1 decimal is fine'))

# =================================================================================== order of statistics
comp('o1', 'order of statistics', span('2019-05-01', '2019-09-30', 'LST'),
     ('fillin', 'Summary (May–September 2019): the median of the per-date mean LSTs was ____ K (one mean per '
                'acquisition with valid LST, then the median of those).'),
     ('pseudocode', "means = [lst[d][lst[d] > 0].mean() for d in dates if '2019-05-01' <= d <= '2019-09-30' and "
                    '(lst[d] > 0).any()]\nnp.median(means)   # -> ?'))
comp('o2', 'order of statistics', span('2019-05-01', '2019-09-30', 'LST'),
     ('typos', 'for every date between may and september 2019 take the median LST, then averge those medians. what do '
               'you get (K)? skip dates with no valid lst'),
     ('checklist', '- dates: May to September 2019, only those with valid LST\n- per date: the median LST\n- then: the '
                   'mean of the per-date medians\n- unit: K'))
comp('o4', 'order of statistics', every('LST'),
     ('locale', 'Höchster Einzelpixel (hottest single pixel) der LST im ganzen Jahr 2019 (01.01.–31.12.), in K?'),
     ('nonnative', 'In the whole 2019 series, what is the maximum temperature of one pixel? Not the maximum of the '
                   'means, the maximum of the pixels, in kelvin.'))
comp('o5', 'order of statistics', span('2019-01-01', '2019-03-31', 'LST'),
     ('formal', 'Pooling every valid pixel of every acquisition from January to March 2019 into one sample, what is '
                'the mean LST in kelvin?'),
     ('context', 'Our winter baseline weights each valid observation equally, so scenes with more valid pixels count '
                 'more. For January-March 2019, what is the mean LST over all valid pixels pooled together?'))
comp('o6', 'order of statistics', every('LST'),
     ('pseudocode', 'm = [lst[d][lst[d] > 0].mean() for d in dates_2019 if (lst[d] > 0).any()]\n'
                    'np.std(m)   # ddof=0, spread of the scene means -> ?'),
     ('fillin', 'Inter-scene variability in 2019: the standard deviation (population) of the per-date mean LSTs was '
                '___ K.'))
comp('o7', 'order of statistics', every('LST'),
     ('dictated', 'if you put all valid land surface temperature pixels of all twenty nineteen dates together in one '
                  'sample what is their population standard deviation in kelvin'),
     ('chat', 'how variable is lst over the whole year 2019?\nlike all valid px of all dates in one pot\nstd pls '
              '(population), kelvin'))

# ============================================================================================ comparison
comp('c1', 'comparison', q('2019-06-10', 'LST') + q('2019-05-25', 'LST'),
     ('formal', 'What is the mean LST of 10 June 2019 minus the mean LST of 25 May 2019, in kelvin?'),
     ('locale', 'Differenz (difference) der mittleren LST: 10.06.2019 minus 25.05.2019, in K?'))
comp('c2', 'comparison', q('2019-08-13', 'LST') + q('2019-07-28', 'LST'),
     ('chat', 'comparing two scenes\nhow many kelvin warmer was 13 aug 2019 than 28 jul 2019?\nscene means'),
     ('dictated', 'how many kelvin warmer was the mean land surface temperature on the thirteenth of august twenty '
                  'nineteen than on the twenty eighth of july'))
comp('c3', 'comparison', q('2019-07-12', 'LST') + q('2019-06-26', 'LST'),
     ('email', 'Hi team,\n\nthe briefing for the US delegation needs the warming between two summer scenes: by how '
               'many degrees Fahrenheit was the mean LST of 12 July 2019 higher than that of 26 June 2019? A '
               'difference, not a converted temperature.\n\nCheers,\nPriya'),
     ('terse', 'mean LST 2019-07-12 vs 2019-06-26: how many °F warmer?'))
comp('c4', 'comparison', q('2019-08-29', 'NDVI') + q('2019-06-10', 'NDVI'),
     ('typos', 'absolut difference between the median NDVI of 2019-08-29 and the one of 2019-06-10? only ndvi 0 to 1, '
               'negativ values dropped'),
     ('checklist', '- NDVI, keep 0 ≤ NDVI ≤ 1\n- median on 2019-06-10 and median on 2019-08-29\n- answer: the absolute '
                   'difference (no sign)'))
comp('c5', 'comparison', q('2019-06-10', 'NDVI') + q('2019-04-07', 'NDVI'),
     ('fillin', 'Growth factor: the mean NDVI (0–1 values only) of 2019-06-10 was [X] times that of 2019-04-07.'),
     ('dictated', 'by what factor is the mean n d v i of the tenth of june twenty nineteen larger than that of the '
                  'seventh of april ignoring negative n d v i values'))
comp('c6', 'comparison', q('2019-03-22', 'NDVI') + q('2019-05-25', 'NDVI'),
     ('nonnative', 'How much percent the mean NDVI changed from 22 March 2019 to 25 May 2019, relative to the 22 March '
                   'value? Use only the NDVI values between 0 and 1.'),
     ('fillin', 'Green-up: the mean NDVI (0–1 values only) rose by [X] % from 2019-03-22 to 2019-05-25 (relative to '
                'the March value).'))
comp('c7', 'comparison', q('2019-01-17', 'LST') + q('2019-03-06', 'LST'),
     ('context', 'Frozen ground matters for our runoff model, which takes the share of valid LST pixels below 0 °C per '
                 'scene. By how many percentage points did that share fall from 17 January 2019 to 6 March 2019?'),
     ('typos', 'by how many percentage piont did the share of lst pixels under 0 °C drop between 2019-01-17 and '
               '2019-03-06 (share of the valid px of each date)?'))

# ================================================================================================ series
comp('t1', 'series', span('2019-01-01', '2019-08-13', 'LST'),
     ('formal', 'Fit a least-squares line to the per-acquisition mean LST from 1 January to 13 August 2019 against '
                'time in decimal years (day of year / 365). What is the slope in kelvin per year?'),
     ('pseudocode', 't = doy / 365.0            # decimal years\ny = scene_mean_lst         # 2019-01-01 .. 2019-08-13, '
                    'dates with valid LST only\nslope = np.polyfit(t, y, 1)[0]   # K per year -> ?'))
comp('t2', 'series', span('2019-07-01', '2019-11-30', 'LST'),
     ('checklist', '- series: monthly mean LST, July to November 2019 (monthly mean = mean of that month\'s per-date '
                   'means)\n- x: month number\n- fit: least squares\n- report: the slope in K per month'),
     ('nonnative', 'Please do the linear least squares trend of the monthly mean LST for July until November 2019, x '
                   'is the month number. How many kelvin per month is the slope? Monthly mean = mean of the dates\' '
                   'means.'))
comp('t3', 'series', span('2019-08-13', '2019-12-03', 'LST'),
     ('terse', 'OLS slope of scene-mean LST vs day of year, 2019-08-13 to 2019-12-03, K/day?'),
     ('email', 'Hello Sam,\n\ncould you fit an ordinary least-squares line through the scene-mean LST of every '
               'acquisition from 13 August to 3 December 2019 (x = day of year) and send me the slope in kelvin per '
               'day? It goes into ticket 5821.\n\nThanks!\nJo'))
comp('t4', 'series', span('2019-03-06', '2019-09-14', 'LST'),
     ('checklist', "- series: scene-mean LST, 2019-03-06 to 2019-09-14\n- time: acquisition number (1, 2, 3, ...), "
                   "not days\n- statistic: Sen's slope (median of all pairwise slopes)\n- unit: K per acquisition"),
     ('chat', "sen's slope q\nscene-mean lst, 6 mar -> 14 sep 2019\ntime axis = acquisition index, not days\nK per "
              'acquisition?'))
comp('t6', 'series', span('2019-03-06', '2019-09-14', 'LST'),
     ('pseudocode', "y = [scene_mean_lst[d] for d in acquisitions('2019-03-06', '2019-09-14')]\n"
                    'S = sum(np.sign(y[j] - y[i]) for i in range(n) for j in range(i + 1, n))\n'
                    'Z = (S - 1) / np.sqrt(var_S)   # Mann-Kendall, continuity corrected\n-> Z?'),
     ('context', 'Before claiming a warming trend in the spring-summer report I want the formal test. Run a '
                 'Mann-Kendall test on the scene-mean LST from 6 March to 14 September 2019 and give me its Z '
                 'statistic (continuity-corrected).'))
comp('t7', 'series', span('2019-11-01', '2019-11-30', 'LST'),
     ('typos', 'monthy mean LST for novmber 2019? (the mean of the per-date means)'),
     ('locale', 'Monatsmittel (monthly mean) der LST für November 2019 (01.11.–30.11.), als Mittel der '
                'Szenenmittel (mean of the scene means), in K?'))

# ===================================================================================== date of extreme
comp('dx1', 'date of extreme', every('LST'),
     ('email', 'Hi Chen,\n\nfor the ranking slide: which 2019 acquisition had the second-highest scene-mean LST? Just '
               'the date, please (dates without valid LST are out).\n\nThanks,\nRuth'),
     ('fillin', 'Ranking of the 2019 scenes by mean LST: runner-up (second warmest) = ____ (date)'))
comp('dx2', 'date of extreme', every('LST'),
     ('formal', 'On which 2019 acquisition date does the single hottest LST pixel of the year occur? Answer with the '
                'date.'),
     ('dictated', 'on which date in twenty nineteen was the single hottest land surface temperature pixel recorded'))
comp('dx4', 'date of extreme', every('LST'),
     ('context', 'Our winter report opens with the coldest scene of the year. Which 2019 acquisition had the lowest '
                 'scene-mean LST (dates without valid LST left out)? Answer with the date.'),
     ('nonnative', 'Which acquisition in 2019 have the smallest mean LST? Please answer with the date; the dates with '
                   'no valid LST are not counted.'))
comp('n1', 'count of dates', every('LST'),
     ('email', 'Hi Omar,\n\nquick one for the summary table: on how many 2019 acquisitions was the scene-mean LST above '
               '300 K? Dates without valid LST don\'t count.\n\nThanks,\nBea'),
     ('dictated', 'how many acquisitions in twenty nineteen had a mean land surface temperature above three hundred '
                  'kelvin'))

# ================================================================================== derived condition
comp('d1', 'derived condition', q('2019-07-28'),
     ('context', 'The drought desk reads TVDI as defined in the Earth-Bench task (100 NDVI bins, dry and wet edges by '
                 'least squares, clipped to 0-1). What is the median TVDI on 28 July 2019?'),
     ('typos', 'wats the median tvdi for 2019-07-28?'))
comp('d2', 'derived condition', span('2019-06-01', '2019-08-31'),
     ('checklist', '- product: TVDI (Earth-Bench definition)\n- dates: June, July and August 2019\n- per date: mean '
                   'TVDI, then the mean of those means\n- report: one number'),
     ('locale', 'TVDI Sommer 2019 (summer, 01.06.–31.08.): Mittelwert der Tagesmittel (mean of the per-date means)?'))

# ============================================================================================ cloud-free
comp('L1', 'cloud-free', ls('B10', 'BQA'),
     ('dictated', 'for the landsat eight scene of the thirteenth of august twenty seventeen what is the mean band ten '
                  'brightness temperature of the cloud free pixels meaning q a bits zero and four both off in degrees '
                  'fahrenheit'),
     ('chat', 'landsat 2017-08-13, band 10 BT\nclear px only (bqa fill + cloud bits off)\nmean pls in fahrenheit'))
comp('L2', 'cloud-free', ls('B10', 'BQA'),
     ('nonnative', 'For the Landsat scene 2017-08-13, how much is the standard deviation of the band 10 brightness '
                   'temperature on the cloud-free pixels (BQA bit 0 and bit 4 are zero)? Give it in °F, as a spread, '
                   'not as a temperature.'),
     ('fillin', 'Landsat 2017-08-13, cloud-free pixels (BQA bits 0 and 4 clear): band 10 BT std = ??? °F (population '
                'std; a spread, not a converted temperature).'))
comp('L3', 'cloud-free', ls('BQA'),
     ('terse', 'Landsat 2017-08-13 BQA: fraction (0-1) of the non-fill px with the cloud bit (bit 4) set?'),
     ('email', 'Dear Kim,\n\nfor the QA appendix: what fraction of the non-fill pixels (BQA bit 0 = 0) of the '
               '2017-08-13 Landsat scene carry the cloud bit (bit 4)? A fraction between 0 and 1, please, not a '
               'percent.\n\nRegards,\nLuis'))
comp('L5', 'cloud-free', ls('B4', 'B5', 'BQA'),
     ('context', 'Our vegetation-cover indicator counts only cloud-free Landsat pixels. For the 13 August 2017 scene, '
                 'how many square kilometres of cloud-free pixels (BQA bits 0 and 4 both zero) have a TOA-reflectance '
                 'NDVI above 0.5? Each pixel is 900 m x 900 m.'),
     ('pseudocode', 'clear = ((bqa & 1) == 0) & (((bqa >> 4) & 1) == 0)\n'
                    'rho4 = 2e-5 * b4 - 0.1; rho5 = 2e-5 * b5 - 0.1   # TOA, no sun-elevation correction\n'
                    'ndvi = (rho5 - rho4) / (rho5 + rho4)\n'
                    'area_km2 = ((ndvi > 0.5) & clear).sum() * 0.81   # -> ?'))

# ============================================================================ compound (yes/no + value)
comp('y1', 'compound', q('2019-08-13', 'LST') + q('2019-07-12', 'LST'),
     ('nonnative', 'Is the median LST of 13 August 2019 higher than the median of 12 July 2019, and by how many '
                   'kelvin?'),
     ('chat', 'median lst 13 aug 2019 vs 12 jul 2019\nis aug higher?\nand by how many K'))
comp('y2', 'compound', q('2019-04-23', 'NDVI'),
     ('typos', 'was the mean ndvi on 2019-04-23 bellow 0.25? give me the mean itself too (only values 0-1)'),
     ('locale', 'Lag das mittlere NDVI am 23.04.2019 unter 0,25 (was the mean NDVI on 23 April below 0.25)? Bitte den '
                'Mittelwert angeben (please give the mean), nur Werte 0–1.'))

# ============================================================================================ refusals
comp('rf1', 'refuse', every('LST'),
     ('formal', 'Did any acquisition in 2019 have a scene-mean LST above 310 K?'),
     ('dictated', 'was there any date in twenty nineteen where the average land surface temperature went above three '
                  'hundred and ten kelvin yes or no'))
comp('rf2', 'refuse', q('2019-07-12', 'NDVI') + q('2019-08-13', 'NDVI'),
     ('terse', 'median NDVI 2019-07-12 > median NDVI 2019-08-13? yes/no'),
     ('nonnative', 'Is it true that the median NDVI of 12 July 2019 is greater than the one of 13 August 2019?'))
comp('rf3', 'refuse', q('2019-06-10', 'LST'),
     ('email', 'Hi,\n\ncan you give me both the mean and the maximum LST of 10 June 2019 in one go?\n\nThanks,\nNora'),
     ('checklist', '- date: 2019-06-10\n- layer: LST (K)\n- statistics: mean AND max (both values)'))
comp('rf4', 'refuse', q('2019-07-28', 'LST'),
     ('typos', 'what is the mode of the LST on 2019-07-28 (the most commen temperature)?'),
     ('fillin', 'Most frequent LST value (mode) on 2019-07-28: ___ K'))
comp('rf5', 'refuse', every('NDVI'),
     ('context', 'For the annual report we want one headline number for vegetation. What was the average trend of '
                 'NDVI in 2019?'),
     ('chat', 'ndvi 2019\nwhat\'s the average trend?\njust one number'))
comp('rf6', 'refuse', span('2019-05-01', '2019-09-30', 'NDVI'),
     ('locale', 'Prozentuale Differenz (percentage difference) des mittleren NDVI zwischen Mai (01.05.–31.05.2019) und '
                'September (01.09.–30.09.2019)?'),
     ('pseudocode', 'may = mean_ndvi(month=5); sep = mean_ndvi(month=9)   # 2019, mean of per-date means\n'
                    'pct_diff = ?   # percentage difference between the two'))
comp('rf7', 'refuse', q('2019-08-13', 'LST') + q('2019-08-29', 'LST'),
     ('terse', 'p90 LST on 2019-08-21?'),
     ('dictated', 'what was the ninetieth percentile of the land surface temperature on the twenty first of august '
                  'twenty nineteen'))
comp('rf8', 'refuse', q('2019-07-12'),
     ('formal', 'What was the mean 2 m air temperature over the Xinjiang scene on 12 July 2019?'),
     ('email', 'Hello Dana,\n\nthe hydrology group asks for the mean near-surface (2 m) air temperature on 12 July 2019 '
               'over our Xinjiang tile. Can you pull it from the files?\n\nBest,\nIvo'))

# how each yes/no or two-ask question is expected to be answered (stated in `definition` / `why`)
YESNO_CHOICE = {
    'y1': 'yes/no with a value asked ("and by how many kelvin"): expected a value, the difference of the medians.',
    'y2': 'yes/no with a value asked ("give me the mean"): expected a value, the mean itself.',
    'rf1': 'a bare yes/no ("did any date ...?"): expected a refusal, no value is asked.',
    'rf2': 'a bare yes/no ("is A greater than B?"): expected a refusal, no value is asked.',
    'rf3': 'two asks in one question: expected a refusal, harness.ts judges one expected value per question.',
}


# ================================================================================================= build
def habits_in_harness():
    m = re.search(r"habit:\s*z\.enum\(\[([^\]]*)\]\)", open(HARNESS).read())
    assert m, 'habit enum not found in harness.ts'
    return set(re.findall(r"'([^']+)'", m.group(1)))


def earlier_phrasings():
    """Question texts of sets 1-12, read only to check mechanically that none is reused (no content is copied)."""
    out = set()
    for p in glob.glob(os.path.join(HERE, 'questions-dev*.jsonl')):
        if p.endswith('questions-dev-13.jsonl'):
            continue
        for line in open(p):
            if line.strip():
                out.add(' '.join(json.loads(line)['question'].lower().split()))
    return out


def numbers_in(text):
    """The judge's numbersIn (harness.ts), ported: every number written in a text."""
    text = re.sub(r'(\d)\u202f(\d)', r'\1\2', text)
    out = []
    for m in re.finditer(r'[-\u2212]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?|[-\u2212]?\.\d+', text):
        try:
            out.append(float(m.group(0).replace('\u2212', '-').replace(',', '')))
        except ValueError:
            pass
    return out


MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october',
          'november', 'december']


def states_date(text, iso):
    """The judge's statesDate (harness.ts), ported."""
    y, m, d = (int(x) for x in iso.split('-'))
    t = text.lower()
    if iso in t or f'{y}/{m:02d}/{d:02d}' in t:
        return True
    month = MONTHS[m - 1]
    return bool(re.search(rf'\b0?{d}(st|nd|rd|th)?\s+(of\s+)?{month}\b', t) or re.search(rf'\b{month}\s+0?{d}(st|nd|rd|th)?\b', t))


BLANKS = ('___', '[X]', '??', 'TBD')
HABITS = {'formal', 'terse', 'typos', 'nonnative', 'context', 'email', 'dictated', 'locale', 'checklist', 'pseudocode',
          'chat', 'fillin'}


def main():
    refs = {k: v for k, v in REFS.items() if not k.startswith('_')}
    lines = []
    for cid, (family, files, phr) in C.items():
        r = refs[cid]
        assert len(phr) == 2 and phr[0][0] != phr[1][0], f'{cid}: two different habits'
        for i, (habit, text) in enumerate(phr, 1):
            fl = list(dict.fromkeys(files))
            if r.get('kind') == 'refuse':
                assert family == 'refuse', cid
                expect = {'kind': 'refuse', 'reason': r['reason']}
                why = r['why'] + (f' Choice: {YESNO_CHOICE[cid]}' if cid in YESNO_CHOICE else '')
                rec = {'definition': f'refusal: {r["reason"]}', 'why': why}
            else:
                assert family != 'refuse', cid
                v = r['value']
                if isinstance(v, str):
                    expect = {'kind': 'value', 'value': v, 'tolerance': 0, 'unit': 'date'}
                else:
                    expect = {'kind': 'value', 'value': float(f'{v:.10g}'), 'tolerance': float(f'{r["tolerance"]:.6g}'),
                              'unit': r['unit']}
                d = r['definition'] + (f' Note: {r["note"]}' if r.get('note') else '')
                if cid in YESNO_CHOICE:
                    d += f' Choice: {YESNO_CHOICE[cid]}'
                rec = {'definition': d}
            line = {'id': f'dev13-{cid}#{i}', 'computation_id': f'dev13-{cid}', 'family': family, 'habit': habit,
                    'question': text, 'files': fl, 'expect': expect}
            line.update(rec)
            lines.append(line)

    # ---- checks
    ids = [l['id'] for l in lines]
    assert len(ids) == len(set(ids)), 'duplicate ids'
    norm = [' '.join(l['question'].lower().split()) for l in lines]
    assert len(norm) == len(set(norm)), 'duplicate phrasings'
    reused = set(norm) & earlier_phrasings()
    assert not reused, f'phrasings reused from sets 1-12: {reused}'
    assert len(lines) == 110 and len(C) == 55, (len(lines), len(C))
    assert set(C) == set(refs), f'references not used: {set(refs) - set(C)}; unknown: {set(C) - set(refs)}'
    enum = habits_in_harness()
    hab = Counter(l['habit'] for l in lines)
    assert set(hab) <= enum, f'habits missing from harness.ts: {set(hab) - enum}'
    assert set(hab) == HABITS, set(hab) ^ HABITS
    assert all(9 <= n <= 10 for n in hab.values()), hab
    for l in lines:
        t = l['question']
        if l['habit'] == 'chat':
            msgs = t.split('\n')
            assert len(msgs) >= 3 and all(len(m) <= 120 for m in msgs), l['id']
        if l['habit'] == 'fillin':
            assert sum(t.count(b) for b in BLANKS) >= 1, l['id']
        if l['habit'] == 'dictated':
            assert not re.search(r'\d', t) and t == t.lower(), l['id']
        if l['habit'] == 'checklist':
            assert t.count('\n- ') + t.startswith('- ') >= 3, l['id']
        if l['habit'] == 'email':
            assert re.match(r'(hi|hello|dear)\b', t, re.I) and '\n\n' in t, l['id']
        if l['habit'] == 'locale':
            assert re.search(r'\d\d\.\d\d\.(\d{4})?|\d,\d', t) and '(' in t, l['id']  # a DD.MM date or decimal comma, a gloss
        if l['habit'] == 'pseudocode':
            assert re.search(r'[=#\[]', t) and '\n' in t, l['id']
    for l in lines:
        for f in l['files']:
            assert os.path.exists(os.path.join(SHARED, f)), f'{l["id"]}: missing file {f}'
        e = l['expect']
        r = refs[l['computation_id'][6:]]
        if e['kind'] == 'value' and isinstance(e['value'], str):
            assert e['value'] in DATES and e['tolerance'] == 0, l['id']
            assert not states_date(l['question'], e['value']), f'{l["id"]}: the question states its own answer'
            assert r.get('misreadings') and all(x != e['value'] for x in r['misreadings'].values()), l['id']
        elif e['kind'] == 'value':
            assert isinstance(e['value'], float) and e['tolerance'] > 0, l['id']
            vals = [float(v) for v in r['readings'].values()]
            assert e['tolerance'] >= (max(vals) - min(vals)) / 2 - 1e-12, l['id']
            if e['unit'] in ('pixels', 'dates'):
                assert float(e['value']).is_integer(), l['id']
                assert abs(e['tolerance'] - (0.5 + (max(vals) - min(vals)) / 2)) < 1e-9, l['id']
            # an echo of the question must not pass the judge: no number written in it lies within tolerance
            near = [x for x in numbers_in(l['question']) if abs(x - e['value']) <= e['tolerance']]
            assert not near, f'{l["id"]}: the question itself writes {near}'
            assert r.get('misreadings'), f'{l["id"]}: no misreading recorded'
            for k, x in r['misreadings'].items():
                assert abs(x - e['value']) > e['tolerance'], (l['id'], k)
        else:
            assert len(e['reason']) >= 3 and l.get('why'), l['id']
        assert l['definition']
    refuse = [l for l in lines if l['expect']['kind'] == 'refuse']
    assert len(refuse) == 16 and len({l['computation_id'] for l in refuse}) == 8
    with open(OUT, 'w') as f:
        for l in lines:
            f.write(json.dumps(l, ensure_ascii=False) + '\n')
    fam = Counter(l['family'] for l in lines)
    kinds = Counter('date' if l['expect'].get('unit') == 'date' else l['expect']['kind'] for l in lines)
    print(f'wrote {OUT}: {len(lines)} questions, {len(C)} computations')
    print('families:', dict(sorted(fam.items())))
    print('habits:', dict(sorted(hab.items())))
    print('kinds:', dict(kinds))


if __name__ == '__main__':
    sys.exit(main())
