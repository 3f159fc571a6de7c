#!/usr/bin/env python3
"""Build development set 14 (tests/dev-questions/questions-dev-14.jsonl) from references-14.json.

Set 14 is about COMBINED ASKS: a statistic together with a comparison (two dates, two periods, two image parts; a
signed difference with its order said, an absolute difference, a ratio, a multiple, a percent change with its base,
percentage points), a rank or extreme (the date of the max / min of a stated per-date statistic, another statistic
on that date), an order of statistics (median of per-date maxima, max of per-date medians, mean of per-date p90s,
pooled p90 minus the mean of per-date p90s, std of the per-date means, range / minimum / median of monthly or
per-date means), yes/no asks that also ask the value (answered by the value), answer forms (°F differences, a
fraction, km2 / ha differences of areas), and refusals (bare yes/no, ranks below the first, an undefined statistic,
a percent difference with no base, a tie, a date with no acquisition, a variable no file holds). 110 questions = 55
computations x 2 phrasings in two different wording habits; 9 computations (18 questions) must be refused. Written
blind (the READMEs of ../shared/fixtures, ../shared/benchmarks, ../heldout and this folder, the judge in
../heldout/harness.ts and the data; set 13's two scripts read for their structure only). Habits: all twelve of
harness.ts's enum.

Run from the project root: /usr/bin/python3 tests/dev-questions/build_questions_14.py
"""
import glob
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
REFS = json.load(open(os.path.join(HERE, 'references-14.json')))
OUT = os.path.join(HERE, 'questions-dev-14.jsonl')
HARNESS = os.path.join(HERE, '..', 'heldout', 'harness.ts')

Q46 = 'benchmarks/earthbench-q46/files'
LSD = 'fixtures/landsat8_L1TP_016037_20170813'
DATES = sorted(REFS['_per_date'])


def q(*ds, v=('LST',)):
    return [f'{Q46}/Xinjiang_{d}_{x}.tif' for d in ds for x in v]


def qn(*ds):
    return q(*ds, v=('NDVI',))


def qb(*ds):
    return q(*ds, v=('LST', 'NDVI'))


def months(*ms, v=('LST',)):
    return q(*[d for d in DATES if int(d[5:7]) in ms], v=v)


def every(v=('LST',)):
    return q(*DATES, v=v)


def ls(*bands):
    return [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_{b}.TIF' for b in bands] + \
        [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_MTL.txt']


C = {}


def comp(cid, family, files, *phr):
    """phr: (habit, question) twice."""
    assert cid not in C, cid
    C[cid] = (family, files, list(phr))


# ============================================================================================ comparison
comp('c1', 'comparison', q('2019-07-28', '2019-08-29'),
     ('formal', 'Compute the scene-mean land surface temperature of 28 July 2019 minus that of 29 August 2019, in '
                'kelvin. Keep the sign of the result (28 July minus 29 August, in that order).'),
     ('chat', 'quick one\nmean LST 28 jul 2019 vs 29 aug 2019\nneed jul MINUS aug, signed, kelvin\nnegative is fine if '
              'it is negative'))
comp('c2', 'comparison', q('2019-09-14', '2019-10-16'),
     ('terse', 'median LST: how much cooler was 16 Oct 2019 than 14 Sep 2019? K, positive number.'),
     ('email', 'Hi Marta,\n\nfor the autumn cooling slide I need one figure: by how many kelvin the median land surface '
               'temperature of 16 October 2019 was below the median of 14 September 2019 (so September median minus '
               'October median, a positive number).\n\nThanks,\nJonas'))
comp('c3', 'comparison', q('2019-07-12', '2019-08-13'),
     ('typos', 'By how many degres Fahrenheit did the 90th percentil of LST on 12 July 2019 exceed the 90th percentile '
               'of 13 Aug 2019? Its a temperature diference, so no +32 offset pls.'),
     ('dictated', 'by how many degrees fahrenheit was the ninetieth percentile of land surface temperature on the '
                  'twelfth of july twenty nineteen above the ninetieth percentile on the thirteenth of august twenty '
                  'nineteen as a difference so no thirty two offset'))
comp('c4', 'comparison', qn('2019-05-09', '2019-09-14'),
     ('nonnative', 'I need the absolute difference of mean NDVI between 9 May 2019 and 14 September 2019, without '
                   'sign. Please use only NDVI values between 0 and 1 for both means, the negative ones are not '
                   'counted.'),
     ('checklist', 'Task: NDVI comparison\n- dates: 2019-05-09 and 2019-09-14\n- statistic: scene mean NDVI of each '
                   'date, only values from 0 to 1 kept\n- combine: absolute difference of the two means (no sign)\n- '
                   'output: one number'))
comp('c5', 'comparison', q('2019-05-25', '2019-04-07'),
     ('context', 'The April scenes over Urumqi are mostly cloud-masked, and our reviewer doubts that the 7 April 2019 '
                 'LST file can stand for the whole month. How many times more valid LST pixels does 25 May 2019 have '
                 'than 7 April 2019 (May count divided by April count)?'),
     ('pseudocode', 'n_may = (lst_2019_05_25 > 0).sum()   # valid LST pixels\nn_apr = (lst_2019_04_07 > 0).sum()\n'
                    'ratio = n_may / n_apr   # how many times as many\nprint(ratio)'))
comp('c6', 'comparison', months(3, 7, v=('NDVI',)),
     ('locale', 'Mittelwert NDVI (mean NDVI) for July 2019 as a multiple of the March 2019 value: each month = mean '
                'of the per-date means of its acquisitions (07: 12.07. and 28.07.; 03: 06.03. and 22.03.), only NDVI '
                'from 0 to 1 counted. What multiple of March is July?'),
     ('fillin', 'Report, phenology section: "Mean NDVI in July 2019 was ___ times the March 2019 level" (each month '
                'taken as the average of its per-date scene means, NDVI restricted to the range 0 to 1). Fill in the '
                'multiple.'))
comp('c7', 'comparison', q('2019-05-09', '2019-05-25'),
     ('formal', 'On 9 May 2019 and on 25 May 2019, take the share of valid LST pixels that are strictly above 300 K '
                '(pixels at exactly 300 K not counted). What is the percent change of that share from 9 May to 25 '
                'May, relative to the 9 May share?'),
     ('typos', 'percent chnage of the share of valid lst pixels stricly above 300 K (exactly 300 K does not count) '
               'from 9 may 2019 to 25 may 2019, relativ to the 9 may share, not the percentage-point differnce'))
comp('c8', 'comparison', qn('2019-08-29', '2019-06-10'),
     ('email', 'Hello Priya,\n\ncould you give me the share of pixels with NDVI above 0.4 on 29 August 2019 minus '
               'the same share on 10 June 2019, in percentage points? The share is of every pixel that has an NDVI '
               'value, negative values included in the denominator. August minus June, so keep the sign.\n\nCheers,'
               '\nTomas'),
     ('terse', 'pp change, share of NDVI > 0.4 (denominator: all pixels with an NDVI value, negatives incl.): '
               '2019-08-29 minus 2019-06-10.'))
comp('c9', 'comparison', q('2019-07-12'),
     ('chat', 'lst 12 july 2019\nsplit the image into north and south halves\nsouth half mean minus north half mean\n'
              'in K pls, sign kept'),
     ('nonnative', 'For 12 July 2019 LST, how many kelvin is the south half of the image warmer than the north half? '
                   'Mean of south half minus mean of north half, please.'))
comp('c10', 'comparison', qn('2019-06-26'),
     ('checklist', '- file: NDVI 2019-06-26\n- regions: west half and east half of the image\n- statistic: mean NDVI '
                   'per half\n- combine: west divided by east (a ratio)'),
     ('context', 'Irrigation is concentrated on the eastern side of the Urumqi tile, and we want to show how much '
                 'greener it is. For 26 June 2019, what is the ratio of the mean NDVI of the western half to the '
                 'mean NDVI of the eastern half (west / east)?'))
comp('c11', 'comparison', q('2019-08-13'),
     ('pseudocode', 'lst = read("Xinjiang_2019-08-13_LST.tif") / 50   # kelvin, DN 0 = nodata\nne = lst[:H//2, W//2:]'
                    '   # north-east quadrant\nrest = all valid pixels of the other three quadrants, pooled\n'
                    'd = mean(ne) - mean(rest)   # K, signed\nreturn d'),
     ('formal', 'On 13 August 2019, by how much does the mean LST of the north-east quadrant differ from the mean '
                'LST of the rest of the image (the other three quadrants taken together as one set of pixels)? '
                'Report NE minus rest, in kelvin, with its sign.'))
comp('c12', 'comparison', months(1, 2, 6, 7, 8, 12),
     ('dictated', 'how many degrees celsius warmer was summer twenty nineteen june to august than the winter months '
                  'of the record january february and december twenty nineteen using land surface temperature and '
                  'averaging the per date scene means in each season'),
     ('locale', 'Sommer (summer, 01.06.-31.08.2019) minus Winter (winter = Jan, Feb and Dez 2019 of the record): '
                'difference of the mean LST in °C, each season as the average of its per-date scene means (dates '
                'without valid LST left out). How many °C warmer is summer?'))
comp('c13', 'comparison', months(8, 11),
     ('fillin', 'QA log: "Monthly mean LST dropped by ____ K from August 2019 to November 2019" (monthly mean = '
                'average of the per-date scene means in the month; give the drop as a positive number).'),
     ('terse', 'drop in monthly mean LST, Aug 2019 -> Nov 2019, K (positive; month = mean of its per-date means).'))
comp('c14', 'comparison', q('2019-08-13', '2019-07-12'),
     ('email', 'Dear Kofi,\n\nfor the heat-extent figure: how many square kilometres more ground was above 310 K '
               'on 13 August 2019 than on 12 July 2019? Please use true ground area (the pixels are not 900 m2 on '
               'the ground at this latitude) and give August minus July in km2.\n\nBest regards,\nLena'),
     ('checklist', 'Requirement:\n- layer: LST\n- condition: LST above 310 K\n- measure: true ground area in km2 on '
                   '2019-08-13 and on 2019-07-12\n- combine: 13 Aug area minus 12 Jul area'))
comp('c15', 'comparison', every(),
     ('typos', 'mean lst of the second half of 2019 (jul-dec) minus the first half (jan-jun), each half = avarage of '
               'its per-date scene means, dates without valid lst skiped. in kelvin'),
     ('context', 'Our annual report contrasts the two halves of the year. Taking each half-year of 2019 as the '
                 'average of its per-date scene-mean LSTs (and leaving out the three dates with no valid LST), what '
                 'is the July-December mean minus the January-June mean, in K?'))
comp('c16', 'comparison', qn('2019-06-10', '2019-09-14'),
     ('nonnative', 'The area where NDVI is strictly more than 0.5 on 10 June 2019 is what multiple of the same area '
                   'on 14 September 2019? (June area divided by September area; pixels exactly 0.5 not counted)'),
     ('pseudocode', 'a_jun = area(ndvi_2019_06_10 > 0.5)   # strictly greater, true ground area\n'
                    'a_sep = area(ndvi_2019_09_14 > 0.5)\nmultiple = a_jun / a_sep\nmultiple = ?'))
comp('c17', 'comparison', q('2019-09-14'),
     ('locale', 'LST vom 14.09.2019 (of 14 September): median of the southern half minus median of the northern half, '
                'as a temperature difference in °F (i.e. 1,8 x the kelvin difference, no offset).'),
     ('chat', 'median lst 14 sep 2019\nsouth half vs north half\nsouth minus north\nin fahrenheit pls, it is a '
              'difference so just x1.8'))

# ======================================================================================== ranks and extremes
comp('x1', 'date of extreme', every(),
     ('formal', 'Among the 2019 acquisitions with valid LST, on which date was the per-date median land surface '
                'temperature highest? Answer with the date.'),
     ('dictated', 'which twenty nineteen date had the highest median land surface temperature over its valid pixels '
                  'answer with the date please'))
comp('x2', 'date of extreme', every(),
     ('terse', 'date whose hottest LST pixel was the coolest of all 2019 dates (min of the per-date maxima; empty '
               'dates ignored)?'),
     ('fillin', 'Table note: "The lowest per-date maximum LST of 2019 occurred on [X]." Which acquisition date goes '
                'in [X]? (Only dates with valid LST count.)'))
comp('x3', 'date of extreme', every(),
     ('email', 'Hi Sam,\n\nwhich 2019 LST date has its 90th percentile furthest above its median (largest p90 minus '
               'median, each over that date\'s valid pixels)? I only need the date.\n\nThanks,\nAnn'),
     ('typos', 'wich date in 2019 has the largest gap betwen the 90th percentile and the median of LST (p90 minus '
               'median per date)? just the date'))
comp('x4', 'rank', every(v=('NDVI',)),
     ('chat', 'ndvi 2019, only values 0..1\nfind the date with the highest median ndvi\nthen give me the MEAN ndvi of '
              'that date\nnot the median, the mean'),
     ('checklist', '- data: the 23 NDVI files of 2019, only NDVI between 0 and 1 kept\n- step 1: per-date median, '
                   'pick the date where it is highest\n- step 2: mean NDVI of that date (same 0-1 rule)\n- answer: '
                   'the mean'))
comp('x5', 'rank', every(),
     ('nonnative', 'Please compute for every 2019 date the 90th percentile of LST, and tell me the biggest of these '
                   'percentiles. Only the value in kelvin.'),
     ('context', 'For the heat-stress appendix we quote the hottest "typical hot spot" level of the season, meaning '
                 'each date\'s 90th-percentile LST. What is the highest per-date 90th percentile of 2019, in K?'))
comp('x6', 'rank', every(),
     ('pseudocode', 'd_hot = argmax over 2019 dates of max(lst[d][lst[d] > 0])   # date of the hottest pixel\n'
                    'result = mean(lst[d_hot][lst[d_hot] > 0])   # scene mean of that date, K'),
     ('locale', 'Welches Datum (which date) of 01.01.-31.12.2019 holds the single hottest LST pixel? Give the scene-mean LST of '
                'that date in K (Mittelwert, the mean over its valid pixels, not the hottest pixel itself).'))
comp('x7', 'rank', every(),
     ('dictated', 'how many valid land surface temperature pixels does the coldest date of twenty nineteen have '
                  'coldest meaning the lowest scene mean temperature'),
     ('formal', 'Identify the 2019 date with the lowest scene-mean LST and report how many valid LST pixels that '
                'date contains.'))

# ===================================================================================== order of statistics
comp('o1', 'order of statistics', months(4, 5, 6, 7, 8, 9),
     ('fillin', 'Draft sentence: "Across the April-September 2019 acquisitions, the median of the per-date maximum '
                'LSTs was ___ K." Dates without valid LST are left out. What number goes in the blank?'),
     ('email', 'Hello Ruth,\n\none more for the summary table: take the maximum LST of each acquisition from April '
               'to September 2019 (skip the empty one), then the median of those maxima. Kelvin is fine.\n\nKind '
               'regards,\nOmar'))
comp('o2', 'order of statistics', every(),
     ('typos', 'whats the largest of the per-date median LSTs in 2019? (median per date first, then the maximum of '
               'those medians) kelvin'),
     ('terse', 'max over 2019 dates of the per-date median LST, K.'))
comp('o3', 'order of statistics', months(6, 7, 8),
     ('context', 'The crop-insurance model uses a per-scene 90th-percentile LST as its heat indicator and then '
                 'averages it over the season. For June-August 2019, what is the average of the per-date 90th '
                 'percentiles of LST (not the 90th percentile of all summer pixels pooled)?'),
     ('chat', 'summer 2019 lst, jun jul aug\np90 per date\nthen average those p90s\nnot pooled, one p90 per date '
              'first. kelvin'))
comp('o4', 'order of statistics', months(3, 4, 5),
     ('checklist', '- period: spring 2019 (March-May), dates with valid LST\n- A: 90th percentile of all valid '
                   'pixels of those dates pooled together\n- B: average of the per-date 90th percentiles\n- answer: '
                   'A minus B in kelvin'),
     ('nonnative', 'For spring 2019 (March until May), how much higher is the 90th percentile of LST when all pixels '
                   'of all dates are pooled, compared to the mean of the 90th percentiles computed per date? Pooled '
                   'minus mean of per-date, in K.'))
comp('o5', 'order of statistics', every(v=('NDVI',)),
     ('pseudocode', 'means = [ndvi[d][(ndvi[d] >= 0) & (ndvi[d] <= 1)].mean() for d in dates_2019]   # 23 dates\n'
                    'np.std(means, ddof=0)   # population std across dates'),
     ('dictated', 'what is the population standard deviation across the twenty three dates of twenty nineteen of '
                  'the scene mean n d v i keeping only n d v i between zero and one'))
comp('o6', 'order of statistics', every(),
     ('locale', 'Spannweite (range) of the 12 Monatsmittel (monthly means) of LST, 01.01.-31.12.2019: each month = average of its '
                'per-date scene means (dates without valid LST weggelassen, i.e. left out). Highest monthly mean '
                'minus lowest, in K.'),
     ('formal', 'Compute the twelve monthly mean LSTs of 2019 (each month the average of its per-date scene means, '
                'dates without valid LST left out) and report the difference between the highest and the lowest '
                'monthly mean, in kelvin.'))
comp('o7', 'order of statistics', every(v=('NDVI',)),
     ('fillin', 'Caption: "The lowest monthly mean NDVI of 2019 was TBD" (monthly mean = average of the per-date '
                'scene means in that month; NDVI limited to 0..1). What value replaces TBD?'),
     ('typos', 'lowest monthly mean ndvi of 2019? month = averge of the per-date means in it, only ndvi betwen 0 and '
               '1 used'))
comp('o8', 'order of statistics', every(v=('NDVI',)),
     ('terse', 'median of the 23 per-date mean NDVIs of 2019 (each mean over NDVI in 0..1 only).'),
     ('email', 'Hi Jo,\n\nplease take the scene-mean NDVI of each of the 23 dates of 2019 (NDVI from 0 to 1 only) '
               'and give me the median of those 23 means, not their average.\n\nThanks,\nFelix'))

# ============================================================================ compound (yes/no + value)
comp('y1', 'compound', q('2019-08-29'),
     ('chat', 'lst 29 aug 2019\nwas the west half warmer than the east half?\nand by how much, K\n(west mean minus '
              'east mean)'),
     ('context', 'The western suburbs are said to run hotter in late summer. On 29 August 2019, was the western half '
                 'of the LST image warmer than the eastern half, and if so by how many kelvin (west mean minus east '
                 'mean)?'))
comp('y2', 'compound', q('2019-06-26', '2019-07-28'),
     ('nonnative', 'Was the median LST of 26 June 2019 higher than the median of 28 July 2019? Please also say by '
                   'how many kelvin (June median minus July median).'),
     ('dictated', 'was the median land surface temperature on the twenty sixth of june twenty nineteen higher than '
                  'on the twenty eighth of july twenty nineteen and by how many kelvin'))
comp('y3', 'compound', ls('B4', 'B5', 'BQA'),
     ('checklist', '- scene: Landsat 8, 2017-08-13\n- mask: cloud-free only (BQA bit 0 fill and bit 4 cloud both 0)\n'
                   '- index: NDVI from TOA reflectance of bands 4 and 5, no sun-elevation correction\n- question: is '
                   'the northern half greener than the southern half? give north mean minus south mean'),
     ('pseudocode', 'clear = ((bqa & 1) == 0) & (((bqa >> 4) & 1) == 0)\nndvi = (toa(b5) - toa(b4)) / (toa(b5) + '
                    'toa(b4))   # TOA reflectance, no sun-elevation correction\nd = ndvi[north & clear].mean() - '
                    'ndvi[south & clear].mean()\n# is north greener? and by how much -> d'))

# ============================================================================================ answer form
comp('af1', 'answer form', months(10, 11),
     ('locale', 'Monatsmittel (monthly mean) LST: Oktober minus November 2019, each month the average of its '
                'per-date scene means. How many °F colder was November? Difference only (1,8 x K), no +32.'),
     ('fillin', 'Slide 6: "November 2019 was ??? °F colder than October 2019 on average" (monthly mean = average of '
                'per-date scene means; a temperature difference, so 1.8 x the kelvin difference). Fill in.'))
comp('af2', 'answer form', q('2019-11-17', '2019-11-01'),
     ('formal', 'What is the fraction of valid LST pixels below 0 °C on 17 November 2019 minus the same fraction on '
                '1 November 2019? Give it as a fraction between 0 and 1, not as a percentage.'),
     ('terse', 'share below 0 °C of valid LST, 17 Nov 2019 minus 1 Nov 2019, as a 0-1 fraction (not %).'))
comp('af3', 'answer form', qn('2019-07-12', '2019-08-13'),
     ('email', 'Hello Wen,\n\nhow much larger, in square kilometres of true ground area, was the area with NDVI above '
               '0.5 on 12 July 2019 than on 13 August 2019? July minus August please.\n\nBest,\nCarla'),
     ('typos', 'area with ndvi above 0.5 on 12 july 2019 minus the area on 13 aug 2019, in km2 of real ground area '
               '(not nominal pixel size)'))
comp('af4', 'answer form', q('2019-08-29', '2019-07-28'),
     ('chat', 'hectares pls\narea hotter than 35 °C on 29 aug 2019\nminus same area on 28 jul 2019\ntrue ground area '
              'not 900 m2 per px'),
     ('nonnative', 'How many hectares more was the ground warmer than 35 °C on 29 August 2019 compared with 28 July '
                   '2019? Use the true ground area of the pixels. August minus July.'))
comp('af5', 'answer form', every(),
     ('context', 'Our planners call a scene "hot" when its mean LST is above 300 K. Of the 2019 dates that have valid '
                 'LST, what fraction had a scene-mean LST above 300 K? Express it as a fraction between 0 and 1.'),
     ('checklist', '- dates: every 2019 date with valid LST\n- test: scene-mean LST above 300 K\n- answer: the '
                   'fraction of those dates passing the test\n- form: 0-1, not a percent, not a count'))

# ============================================================================================== Landsat
comp('ls1', 'cloud-free', ls('B10', 'BQA'),
     ('pseudocode', 'bt = bt_from_mtl(b10)   # Landsat 8, 2017-08-13\nclear = ((bqa & 1) == 0) & ((bqa & 16) == 0)\n'
                    'd = bt[west & clear].mean() - bt[east & clear].mean()   # west half minus east half\n'
                    'print(d)   # degrees C (a difference)'),
     ('dictated', 'on the landsat scene of the thirteenth of august twenty seventeen using cloud free pixels only how '
                  'many degrees celsius is the band ten brightness temperature of the west half above the east half '
                  'west minus east'))
comp('ls2', 'cloud-free', ls('B4', 'B5', 'BQA'),
     ('locale', 'Landsat 13.08.2017: mean NDVI (TOA-Reflexion, top-of-atmosphere reflectance, ohne '
                'Sonnenhöhenkorrektur / without sun-elevation correction) of the clear pixels divided by that of the '
                'cloud pixels (BQA bit 4). Fill (bit 0) excluded from both.'),
     ('fillin', 'Landsat QA note: "Over the 2017-08-13 scene, clear pixels show a mean TOA NDVI [X] times that of '
                'cloud-flagged pixels" (clear = BQA bits 0 and 4 both 0; cloud = bit 4 set, fill excluded; TOA '
                'reflectance without sun-elevation correction). What is [X]?'))
comp('ls3', 'cloud-free', ls('BQA'),
     ('formal', 'In the BQA of the 2017-08-13 Landsat scene, what is the cloud share (bit 4 set) of the non-fill '
                'pixels (bit 0 = 0) in the western half minus the cloud share of the non-fill pixels in the eastern '
                'half, in percentage points?'),
     ('email', 'Dear Nadia,\n\ncould you compare cloudiness across the Landsat scene of 13 August 2017: percent of '
               'non-fill pixels flagged cloud (BQA bit 4) in the west half minus the same percent in the east half, '
               'as percentage points?\n\nRegards,\nIgor'))
comp('ls4', 'comparison', ls('B5'),
     ('typos', 'landsat 2017-08-13 band 5: mean TOA reflectance (no sun elevation corection) of the north-west '
               'quadrant as a percent of the whole scene mean band 5 reflectance. fill = DN 0 only, dont use the '
               'BQA'),
     ('chat', 'landsat 13 aug 2017, band 5 toa reflectance, no sun elev correction\nmean of the NW quadrant\nexpress it '
              'as a % of the whole-scene mean\nfill is just dn 0 in band 5, no bqa mask\nso 100 would mean equal'))

# ================================================================================================== TVDI
comp('tv1', 'derived condition', qb('2019-08-13', '2019-06-10'),
     ('terse', 'mean TVDI 2019-08-13 minus mean TVDI 2019-06-10 (benchmark TVDI, per date).'),
     ('nonnative', 'Please compute TVDI for 13 August 2019 and for 10 June 2019 like the benchmark does, and give '
                   'me the mean TVDI of August minus the mean TVDI of June.'))
comp('tv2', 'derived condition', months(3, 4, 5, 6, 7, 8, v=('LST', 'NDVI')),
     ('context', 'Drought teams compare seasons with TVDI. Taking spring (March-May 2019) and summer (June-August '
                 '2019) each as the mean of its per-date mean TVDIs, what is the percent change from spring to '
                 'summer, relative to the spring value?'),
     ('checklist', '- index: TVDI per date (benchmark method)\n- spring = Mar-May 2019, summer = Jun-Aug 2019, each the '
                   'mean of its per-date means\n- combine: (summer - spring) / spring x 100\n- answer: percent'))

# ================================================================================================ refusals
comp('rf1', 'refuse', q('2019-06-26', '2019-05-25'),
     ('pseudocode', 'a = lst_2019_06_26[lst_2019_06_26 > 0].mean()\nb = lst_2019_05_25[lst_2019_05_25 > 0].mean()\n'
                    'assert a > b   # true or false?'),
     ('dictated', 'was the mean land surface temperature of the twenty sixth of june twenty nineteen higher than the '
                  'mean of the twenty fifth of may twenty nineteen yes or no'))
comp('rf2', 'refuse', qn('2019-06-10'),
     ('locale', 'Ist der Median (is the median) NDVI of 10.06.2019 above 0,25? Ja oder nein (yes or no) is enough.'),
     ('fillin', 'Checklist item: "Median NDVI on 2019-06-10 exceeds 0.25: ___ (yes/no)". Fill in yes or no.'))
comp('rf3', 'refuse', every(),
     ('formal', 'Which 2019 acquisition had the third-highest scene-mean LST?'),
     ('chat', 'ranking q\nsort the 2019 lst dates by scene mean, warmest first\nwhich one is in 3rd place?'))
comp('rf4', 'refuse', every(),
     ('typos', 'what is the second highest per-date 90th percentil of lst in 2019? (the runner-up value, not the top '
               'one)'),
     ('email', 'Hi Paolo,\n\nfor the ranking table I need the runner-up: the second-largest of the per-date 90th '
               'percentile LSTs of 2019, in K.\n\nThanks,\nMia'))
comp('rf5', 'refuse', months(7),
     ('terse', 'average extreme LST for July 2019?'),
     ('context', 'Our climate-risk summary has a line for "the average extreme" of each month. What is the average '
                 'extreme land surface temperature for July 2019?'))
comp('rf6', 'refuse', qn('2019-07-12'),
     ('nonnative', 'What is the percentage difference of mean NDVI between the north half and the south half of the '
                   'image on 12 July 2019?'),
     ('checklist', '- file: NDVI 2019-07-12\n- regions: north half, south half\n- statistic: mean NDVI per half\n- '
                   'answer: percent difference between the halves'))
comp('rf7', 'refuse', q('2019-09-30', '2019-10-16', '2019-11-01'),
     ('dictated', 'by how many kelvin did the mean land surface temperature drop from the first of october twenty '
                  'nineteen to the first of november twenty nineteen'),
     ('pseudocode', 'drop = mean(lst["2019-10-01"]) - mean(lst["2019-11-01"])   # K, both scene means\nprint(drop)'))
comp('rf8', 'refuse', qb('2019-01-17', '2019-12-03'),
     ('locale', 'Schneebedeckung (snow cover) in % on 17.01.2019 minus that on 03.12.2019 (DD.MM.YYYY): how many '
                'percentage points?'),
     ('fillin', 'Winter bulletin: "Snow cover on 17 January 2019 exceeded that of 3 December 2019 by ____ percentage '
                'points." Please fill in from the Xinjiang files.'))
comp('rf9', 'refuse', every(),
     ('email', 'Hello Ines,\n\non which single 2019 date was the share of valid LST pixels above 300 K the lowest? '
               'One date please.\n\nBest,\nKarl'),
     ('formal', 'Name the one 2019 acquisition date on which the percentage of valid LST pixels above 300 K was '
                'smallest.'))

# how each yes/no, rank-below-first or tie question is expected to be answered (stated in `definition` / `why`)
CHOICE = {
    'y1': 'yes/no with "and by how much": expected a value, west minus east (positive; the answer is yes).',
    'y2': 'yes/no with "by how many kelvin": expected a value, June median minus July median (positive; yes).',
    'y3': 'yes/no with "give north minus south": expected a value (positive; yes).',
    'rf1': 'a bare yes/no between two values: expected a refusal, no value is asked.',
    'rf2': 'a bare yes/no of a value against a threshold: expected a refusal, no value is asked.',
    'rf3': 'a rank below the first (third place): expected a refusal in this set.',
    'rf4': 'a rank below the first (runner-up value): expected a refusal in this set.',
    'rf9': 'an extreme shared by several dates (a tie at 0 %): expected a refusal, no single date exists.',
}


# ================================================================================================= build
def habits_in_harness():
    m = re.search(r"habit:\s*z\.enum\(\[([^\]]*)\]\)", open(HARNESS).read())
    assert m, 'habit enum not found in harness.ts'
    return set(re.findall(r"'([^']+)'", m.group(1)))


def earlier_phrasings():
    """Question texts of sets 1-13, read only to check mechanically that none is reused (no content is copied)."""
    out = set()
    for p in glob.glob(os.path.join(HERE, 'questions-dev*.jsonl')):
        if p.endswith('questions-dev-14.jsonl'):
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
                why = r['why'] + (f' Choice: {CHOICE[cid]}' if cid in CHOICE else '')
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
                if cid in CHOICE:
                    d += f' Choice: {CHOICE[cid]}'
                rec = {'definition': d}
            line = {'id': f'dev14-{cid}#{i}', 'computation_id': f'dev14-{cid}', 'family': family, 'habit': habit,
                    'question': text, 'files': fl, 'expect': expect}
            line.update(rec)
            lines.append(line)

    # ---- checks
    ids = [l['id'] for l in lines]
    assert len(ids) == len(set(ids)), 'duplicate ids'
    norm = [' '.join(l['question'].lower().split()) for l in lines]
    assert len(norm) == len(set(norm)), 'duplicate phrasings'
    reused = set(norm) & earlier_phrasings()
    assert not reused, f'phrasings reused from sets 1-13: {reused}'
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
    assert len(refuse) == 18 and len({l['computation_id'] for l in refuse}) == 9
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
