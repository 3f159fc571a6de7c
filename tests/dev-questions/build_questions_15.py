#!/usr/bin/env python3
"""Build development set 15 (tests/dev-questions/questions-dev-15.jsonl) from references-15.json.

Set 15 is about EVERYTHING AT ONCE: every computation combines three or more of a period (dates, months, seasons,
halves of the year, day ranges, day-of-year ranges, lists, dates left out), a region (halves, quadrants, thirds, a
cell of a 3 x 3 grid, a pixel window with its numbering stated, a lon/lat box), a condition on the same or another
variable (°C / °F thresholds on kelvin data, inclusive / exclusive bounds, negations), a statistic with its order
(pooled vs the mean of per-date values, per-date then across dates), a combination (a signed difference, a ratio, a
percent change with its base), an answer unit (°C, °F, K, %, a fraction, km2, ha, pixels) and, on the Landsat scene,
the BQA mask and the TOA / BT calibration from the MTL. 110 questions = 55 computations x 2 phrasings in two
different wording habits; 8 computations (16 questions) must be refused (a region or period the data cannot give, an
undefined statistic, a percent difference with no base, a rank below the first, a bare yes/no, a variable no file
holds, an "or" between two conditions left to the reader). Written blind (the READMEs of ../shared/fixtures,
../shared/benchmarks, ../heldout and this folder, the judge in ../heldout/harness.ts and the data; set 14's two
scripts read for their structure only, their checking helpers reused). Habits: all twelve of harness.ts's enum.

Run from the project root: /usr/bin/python3 tests/dev-questions/build_questions_15.py
"""
import glob
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
REFS = json.load(open(os.path.join(HERE, 'references-15.json')))
OUT = os.path.join(HERE, 'questions-dev-15.jsonl')
HARNESS = os.path.join(HERE, '..', 'heldout', 'harness.ts')

Q46 = 'benchmarks/earthbench-q46/files'
LSD = 'fixtures/landsat8_L1TP_016037_20170813'
DATES = sorted(n.split('_')[1] for n in os.listdir(os.path.join(SHARED, Q46)) if n.endswith('_LST.tif'))
assert len(DATES) == 23


def q(*ds, v=('LST',)):
    return [f'{Q46}/Xinjiang_{d}_{x}.tif' for d in ds for x in v]


def qn(*ds):
    return q(*ds, v=('NDVI',))


def qb(*ds):
    return q(*ds, v=('LST', 'NDVI'))


def months(*ms, v=('LST',)):
    return q(*[d for d in DATES if int(d[5:7]) in ms], v=v)


def ls(*bands):
    return [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_{b}.TIF' for b in bands] + \
        [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_MTL.txt']


C = {}


def comp(cid, family, files, *phr):
    """phr: (habit, question) twice."""
    assert cid not in C, cid
    C[cid] = (family, files, list(phr))


# The habits rotate in pairs over the computations in file order: (formal, terse), (typos, nonnative), (context,
# email), (dictated, locale), (checklist, pseudocode), (chat, fillin); 55 computations give formal and terse 10
# questions and the other ten habits 9 each.
comp('a02', 'order of statistics', q('2019-05-09', '2019-05-25'),
     ('formal', 'Pool every valid LST pixel of the western half of the image from the two May 2019 acquisitions (9 May '
                'and 25 May) into one sample and report its 90th percentile in degrees Fahrenheit. One percentile of '
                'the pooled pixels, not the average of two per-date percentiles.'),
     ('terse', 'p90 LST, west half, May 2019 (both dates pooled into one sample), °F.'))
comp('a03', 'period', qb('2019-06-10', '2019-06-26', '2019-07-12', '2019-07-28', '2019-08-13'),
     ('typos', 'mean lst in celsius for the center cell of a 3x3 grid over the image, 10 june to 13 august 2019 (both '
               'end dates includd), only pixels with ndvi of at least 0.2. avrage the per-date means pls'),
     ('nonnative', 'Please I need the mean land surface temperature in °C of the middle cell when the image is divided '
                   'in a 3 x 3 grid, for the period from 10 June 2019 until 13 August 2019, the two end dates are '
                   'included. Only take pixels where NDVI is 0.2 or more. First the mean of each date, then average '
                   'these means.'))
comp('a04', 'comparison', months(6, 8),
     ('context', 'We track how much of the southern basin overheats in summer. For the southern half of the LST image, '
                 'take the share of valid pixels above 35 °C on each June 2019 acquisition and average the two; do '
                 'the same for the two August 2019 acquisitions. By what percent did the August figure change '
                 'relative to the June figure?'),
     ('email', 'Hi Laura,\n\nfor slide 4: in the southern half of the LST images, what is the percent change of the '
               'share of valid pixels warmer than 35 °C from June 2019 to August 2019? Each month = the average of its '
               'per-date shares (two dates each), and the base of the change is June.\n\nThanks,\nMarek'))
comp('a01', 'region', months(6, 7, 8),
     ('dictated', 'what was the mean land surface temperature in degrees celsius of the north east quadrant of the '
                  'image over summer twenty nineteen june july and august averaging the six per date quadrant means'),
     ('locale', 'Mittlere LST (mean LST) des Nordost-Quadranten (north-east quadrant) für Sommer 01.06.-31.08.2019: '
                'Mittel der Tagesmittel (mean of the per-date quadrant means), Ergebnis in °C (result in °C).'))
comp('a08', 'region', qb('2019-06-10', '2019-06-26', '2019-08-13', '2019-08-29'),
     ('checklist', '- layer: NDVI (only values from 0 to 1)\n- area: lon/lat box 87.60-87.90 E, 43.70-43.90 N\n- dates: '
                   'the two June 2019 and the two August 2019 acquisitions, each date counted once\n- condition: LST '
                   'of the same date strictly above 300 K (pixels at exactly 300 K excluded)\n- statistic: mean per '
                   'date, then the average of the four means'),
     ('pseudocode', 'box = (lon >= 87.60) & (lon <= 87.90) & (lat >= 43.70) & (lat <= 43.90)\nmeans = []\nfor d in '
                    "['2019-06-10', '2019-06-26', '2019-08-13', '2019-08-29']:\n    m = box & (lst[d] > 300.0) & "
                    '(ndvi[d] >= 0) & (ndvi[d] <= 1)   # strictly above 300 K\n    means.append(ndvi[d][m].mean())\n'
                    'print(np.mean(means))'))
comp('a09', 'area', qb('2019-07-28'),
     ('chat', 'lst + ndvi, 28 jul 2019\nnorth half of the image only\npx hotter than 35 °C AND ndvi below 0.15\nhow '
              'many km2 is that? true ground area, not 900 m2 per px'),
     ('fillin', 'Heat-risk memo: "On 28 July 2019, ___ km² of the northern half of the scene was both hotter than 35 '
                '°C and sparsely vegetated (NDVI < 0.15)." Use the true ground area. Fill in the blank.'))
comp('a06', 'units in thresholds', months(1),
     ('formal', 'Count the pixels in the southern half of the image whose LST is below -5 °C on each January 2019 '
                'acquisition (1 and 17 January) and report the sum of the two counts.'),
     ('terse', 'south half, LST < -5 °C: pixel count on 2019-01-01 plus count on 2019-01-17.'))
comp('a07', 'order of statistics', months(3, 5, 6),
     ('typos', 'take the bottom-right cell of a 3x3 grid, every acquisiton from 1 march to 30 june 2019 exept the two '
               'april ones, compute the mean lst per date and then give me the MEDIAN of those per-date means '
               '(kelvin)'),
     ('nonnative', 'For the lower right cell of a 3 by 3 grid of the image, please compute the mean LST of each date '
                   'between 1 March and 30 June 2019, without the two dates in April. From these per-date means I want '
                   'the median, in kelvin.'))
comp('rf1', 'refuse', months(6, 7, 8),
     ('context', 'A colleague\'s field station sits in the foothills far west of Urumqi. Using the 2019 LST files, what '
                 'was the summer (June-August) mean LST in °C inside the lon/lat box 86.00-86.50 E, 43.60-43.80 N, '
                 'averaging the per-date means?'),
     ('email', 'Dear Chen,\n\ncould you send me the June-August 2019 mean LST in °C of the box 86.0-86.5° E, '
               '43.6-43.8° N (mean of the per-date box means)? It is for ticket #5521.\n\nBest,\nAnna'))
comp('a05', 'comparison', months(7, 8, 9),
     ('dictated', 'over the third quarter of twenty nineteen july to september what is the mean land surface '
                  'temperature of the eastern third of the image minus that of the western third in kelvin each third '
                  'averaged over its per date means'),
     ('locale', 'LST, Q3 2019 (01.07.-30.09.): östliches Drittel minus westliches Drittel (eastern third minus western '
                'third) of the image, each as the average of the per-date means, in K. Vorzeichen behalten (keep the '
                'sign).'))
comp('a14', 'region', qb('2019-06-26'),
     ('checklist', '- file: LST and NDVI of 2019-06-26\n- window: rows 1501-1560, columns 2051-2110, counted from one '
                   '(the first row is row one), ends included\n- keep: pixels with NDVI above 0.4\n- statistic: '
                   'population standard deviation of LST (ddof=0), in K'),
     ('pseudocode', '# rows / cols below are one-based (the first row is row one), both ends included\nw = (row >= '
                    '1501) & (row <= 1560) & (col >= 2051) & (col <= 2110)\nsel = w & (ndvi_2019_06_26 > 0.4) & '
                    '(lst_2019_06_26 > 0)\nnp.std(lst_2019_06_26[sel], ddof=0)   # kelvin'))
comp('a10', 'negation', qn('2019-07-12', '2019-07-28'),
     ('chat', 'ndvi, 12 jul and 28 jul 2019\nonly the western two thirds of the image\narea where ndvi is NOT below 0.5, '
              'in hectares, true ground area\naverage of the two dates pls'),
     ('fillin', 'Land-cover note: "Across 12 and 28 July 2019, on average ___ ha of the western two-thirds of the scene '
                'had NDVI not below 0.5 (true ground area)." Fill in the hectares.'))
comp('t11', 'derived condition', qb('2019-08-13', '2019-08-29'),
     ('formal', 'Compute the TVDI of each August 2019 acquisition (13 and 29 August) and report the mean TVDI of the '
                'southern half of the image over the pixels with NDVI above 0.3, as the average of the two per-date '
                'means.'),
     ('terse', 'mean TVDI, south half, px with NDVI > 0.3, Aug 2019 (two dates; mean of the per-date means).'))
comp('a12', 'comparison', months(7, 8, v=('LST', 'NDVI')),
     ('typos', 'ratio of mean ndvi west half / east half for july-august 2019. each half = avarage of its per-date '
               'means, only ndvi betwen 0 and 1 and only pixels that also have a valid lst. devide the two averages '
               '(not an avrage of daily ratios)'),
     ('nonnative', 'I want to compare the western and eastern half of the image for July and August 2019 (four dates). '
                   'For each half make the average of the per-date mean NDVI, using only NDVI from 0 to 1 and only '
                   'pixels which have also a valid LST value. Then please divide west by east.'))
comp('L06', 'region', ls('B4', 'B5', 'BQA'),
     ('context', 'We are checking a vegetation signal near the coast of South Carolina on the Landsat 8 scene of 13 '
                 'August 2017. Inside the lon/lat box 80.40-79.90 W, 32.70-33.10 N, what is the mean band 5 '
                 'top-of-atmosphere reflectance of the cloud-free pixels (BQA fill bit 0 and cloud bit 4 both clear), '
                 'without sun-elevation correction?'),
     ('email', 'Hello Dev,\n\nticket LS-311: mean band 5 (NIR) TOA reflectance, no sun-elevation correction, over the '
               'pixels in 80.4°W-79.9°W, 32.7°N-33.1°N of the 2017-08-13 Landsat scene, leaving out fill and cloud '
               '(BQA bits 0 and 4). Band 4 is not needed.\n\nRegards,\nSofia'))
comp('a13', 'comparison', months(3, 4, 5, 9, 10, 11),
     ('dictated', 'in the south west quadrant of the image what is autumn twenty nineteen minus spring twenty nineteen '
                  'mean land surface temperature as a difference in degrees fahrenheit so just one point eight times '
                  'the kelvin difference no thirty two offset each season the average of its per date quadrant means '
                  'skipping dates with no valid pixels there'),
     ('locale', 'SW-Quadrant (south-west quadrant), LST: Herbst (autumn, 01.09.-30.11.2019) minus Frühling (spring, '
                '01.03.-31.05.2019), each season the mean of its per-date quadrant means (Termine ohne gültige Pixel '
                'weggelassen, i.e. dates with no valid pixels there left out). Als Temperaturdifferenz in °F (1,8 x '
                'K, kein +32).'))
comp('a19', 'region', qn('2019-06-10', '2019-07-12', '2019-08-13'),
     ('checklist', '- layer: NDVI\n- window: rows 200-599, cols 1800-2199 (0-based indices, both ends included)\n- '
                   'dates: 2019-06-10, 2019-07-12, 2019-08-13\n- statistic: the median of each date, then the average '
                   'of the three medians'),
     ('pseudocode', 'meds = []\nfor d in [\'2019-06-10\', \'2019-07-12\', \'2019-08-13\']:\n    w = ndvi[d][200:600, '
                    '1800:2200]   # numpy slice, 0-based: rows 200-599, cols 1800-2199\n    meds.append(np.median(w[w '
                    '!= -32768] / 10000))\nprint(np.mean(meds))'))
comp('a15', 'negation', months(10, 11, v=('LST', 'NDVI')),
     ('chat', 'lst oct + nov 2019, all three dates\npool every pixel into one sample\nleave out px whose ndvi is between '
              '0.1 and 0.3 (0.1 and 0.3 themselves count as inside)\nmedian in °C?'),
     ('fillin', 'Draft table row: "| Oct-Nov 2019 | pooled median LST, NDVI outside 0.1-0.3 | ___ °C |". Pool all '
                'pixels of the three October-November acquisitions; pixels with NDVI from 0.1 to 0.3 inclusive are '
                'dropped. Fill the cell.'))
comp('a16', 'count of dates', months(4, 5, 6, 7, 8, 9, 10),
     ('formal', 'How many acquisitions between 1 April and 31 October 2019 have a mean LST above 27 °C in the '
                'south-east quadrant of the image? Compute each date\'s mean over the quadrant\'s valid pixels; dates '
                'with no valid LST there do not count.'),
     ('terse', 'count of 2019 dates, Apr-Oct, whose SE-quadrant mean LST > 27 °C.'))
comp('rf4', 'refuse', qn('2019-07-12', '2019-07-28'),
     ('typos', 'whats the percentage diffrence between the west half and east half mean ndvi in july 2019 (avg of the '
               'per-date means, ndvi 0-1 only)?'),
     ('nonnative', 'Please tell me the percent difference between the mean NDVI of the western half and of the eastern '
                   'half for July 2019, each half as average of the per-date means and NDVI only from 0 to 1.'))
comp('a18', 'area', q('2019-08-29') + qn('2019-08-29'),
     ('context', 'The city\'s heat plan flags ground hotter than 95 °F. On 29 August 2019, how many hectares inside the '
                 'lon/lat box 87.55-87.75 E, 43.55-43.75 N were above 95 °F according to the LST file? Use the true '
                 'ground area of the pixels.'),
     ('email', 'Hi Ole,\n\nquick one for the heat-plan annex (due Friday): true ground area in hectares, on 29 August '
               '2019, of the LST pixels warmer than 95 °F inside 87.55°-87.75° E / 43.55°-43.75° N. The NDVI file '
               'for that date is not needed.\n\nThanks,\nIda'))
comp('a17', 'comparison', q('2019-12-03'),
     ('dictated', 'on the third of december twenty nineteen what is the share of valid land surface temperature pixels '
                  'below zero degrees celsius in the northern half minus the same share in the southern half in '
                  'percentage points'),
     ('locale', 'LST vom 03.12.2019 (DD.MM.YYYY): Anteil unter 0 °C (share of valid pixels below 0 °C) in der '
                'Nordhälfte minus Südhälfte (northern half minus southern half), in Prozentpunkten (percentage '
                'points).'))
comp('L03', 'area', ls('B4', 'B5', 'BQA'),
     ('checklist', '- scene: Landsat 8, 2017-08-13\n- mask: cloud-free (BQA bit 0 fill and bit 4 cloud both 0)\n- '
                   'region: western half of the scene\n- condition: NDVI from TOA reflectance of bands 4 and 5 above '
                   '0.4 (no sun-elevation correction)\n- answer: area in km2 (the pixels are 900 m)'),
     ('pseudocode', 'toa = lambda dn: 2e-5 * dn - 0.1   # MTL reflectance rescaling, no sun-elevation correction\nndvi '
                    '= (toa(b5) - toa(b4)) / (toa(b5) + toa(b4))\nclear = ((bqa & 1) == 0) & (((bqa >> 4) & 1) == 0)\n'
                    'sel = clear & (ndvi > 0.4) & (col < W / 2)   # western half\narea_km2 = sel.sum() * 0.81'))
comp('a20', 'comparison', qn('2019-05-25', '2019-07-12'),
     ('chat', 'ndvi, east half of the image\ncount px with ndvi >= 0.6 (0.6 itself counts)\n25 may 2019 vs 12 jul 2019\n'
              '% change from may to july, base = may'),
     ('fillin', 'Phenology log: "The number of eastern-half pixels with NDVI of at least 0.6 changed by ___ % from 25 '
                'May 2019 to 12 July 2019 (relative to 25 May)." Fill in the percent change.'))
comp('t21', 'derived condition', qb('2019-07-12'),
     ('formal', 'On 12 July 2019, consider the pixels of the north-west quadrant whose LST is above 30 °C. What '
                'percentage of them have a TVDI above 0.8?'),
     ('terse', '12 Jul 2019, NW quadrant: % of px with LST > 30 °C that have TVDI > 0.8.'))
comp('a22', 'answer form', months(4, 5, 6),
     ('typos', 'of the april-june 2019 dates that have any valid lst in the northern half, what fraction (0 to 1, not '
               'percent) had a northern-half mean lst above 25 °C?'),
     ('nonnative', 'Please give as a fraction between 0 and 1: among the dates from April to June 2019 having valid LST '
                   'in the north half of the image, how many of them have the north-half mean LST over 25 °C, divided '
                   'by the number of such dates.'))
comp('rf7', 'refuse', qb('2019-07-12'),
     ('context', 'We want the temperature of the green, well-watered fields on the eastern half of the 12 July 2019 '
                 'scene. Take the mean LST in kelvin of the vegetated pixels: either those with NDVI above 0.5 or '
                 'those with TVDI below 0.3, whichever criterion you think is better.'),
     ('email', 'Hi Tom,\n\nfor the irrigation slide: mean LST in K of the eastern half on 12 July 2019 over the "wet" '
               'pixels, defined as NDVI > 0.5 or TVDI < 0.3 - pick whichever of the two you prefer.\n\nCheers,\nRosa'))
comp('a23', 'order of statistics', months(1, 2, 3, 4, 5, 6),
     ('dictated', 'pooling every valid pixel of all first half twenty nineteen acquisitions january to june together '
                  'what is the mean land surface temperature in degrees celsius of the middle horizontal third of the '
                  'image one pooled mean not an average of per date means'),
     ('locale', 'Mittleres horizontales Drittel (middle horizontal third, the band of rows in the middle) des '
                'LST-Bildes, erstes Halbjahr 2019 (01.01.-30.06.): alle gültigen Pixel aller Termine zusammengelegt '
                '(all valid pixels of all dates pooled), Mittelwert in °C.'))
comp('L05', 'cloud-free', ls('B4', 'B5', 'B10', 'BQA'),
     ('checklist', '- scene: Landsat 8 L1TP 2017-08-13\n- pixels: cloud-free (BQA bits 0 and 4 both 0) with '
                   'TOA-reflectance NDVI below 0.2 (bands 4 and 5)\n- value: band 10 brightness temperature from the '
                   'MTL radiance scaling and K1/K2\n- statistic: median, in °F'),
     ('pseudocode', 'L = 3.342e-4 * b10 + 0.1\nbt = 1321.0789 / np.log(774.8853 / L + 1)   # K\nclear = (bqa & '
                    '0b10001) == 0   # bits 0 and 4\nsel = clear & (toa_ndvi < 0.2) & (b10 > 0)   # TOA NDVI from '
                    'bands 4/5\nnp.median(bt[sel])  -> in °F ?'))
comp('a24', 'region', q('2019-08-13'),
     ('chat', 'lst 13 aug 2019\ncut the image in a 3x3 grid\nmedian of everything OUTSIDE the centre cell (all 8 border '
              'cells together)\nminus the median of the centre cell, K'),
     ('fillin', 'QA line: "On 13 Aug 2019 the median LST of the eight outer cells of a 3 x 3 grid (pooled) exceeds the '
                'centre-cell median by ?? K." Fill in outer minus centre.'))
comp('a26', 'comparison', q('2019-07-12', '2019-08-13'),
     ('formal', 'In the southern half of the image, divide the true ground area with LST above 40 °C on 12 July 2019 by '
                'the same area on 13 August 2019. Report the ratio (July / August).'),
     ('terse', 'south half: area with LST > 40 °C, 2019-07-12 / 2019-08-13 (ratio).'))
comp('a27', 'units in thresholds', q('2019-10-16'),
     ('typos', 'percent of valid lst pixels in the eastern third on 16 oct 2019 that are betwen 50 °F and 68 °F'),
     ('nonnative', 'On 16 October 2019, which percentage of the valid LST pixels of the east third of the image are '
                   'between 50 and 68 degrees Fahrenheit?'))
comp('a28', 'derived condition', qb('2019-07-28'),
     ('context', 'Bare ground heats up far more than irrigated fields. On 28 July 2019, in the southern half of the '
                 'image, how many °C warmer is the mean LST of the pixels with NDVI below 0.1 (water and other negative '
                 'NDVI included) than the mean LST of the pixels with NDVI above 0.5? Bare minus vegetated.'),
     ('email', 'Dear Aylin,\n\nfor the 28 July 2019 scene, southern half only: mean LST of the pixels with NDVI < 0.1 '
               '(negative values kept) minus mean LST of the pixels with NDVI > 0.5, as a difference in °C.\n\nKind '
               'regards,\nPetr'))
comp('a33', 'period', q('2019-06-26', '2019-07-12', '2019-07-28', '2019-08-13'),
     ('dictated', 'mean land surface temperature in degrees fahrenheit of the eastern half of the image from the twenty '
                  'sixth of june twenty nineteen up to but not including the thirteenth of august averaging the per '
                  'date means'),
     ('locale', 'Osthälfte (eastern half), LST vom 26.06.2019 bis ausschließlich 13.08.2019 (from 26 June up to but '
                'not including 13 August): mean of the per-date means, Ergebnis in °F.'))
comp('a29', 'order of statistics', qn('2019-07-12', '2019-07-28'),
     ('checklist', '- layer: NDVI, both July 2019 acquisitions\n- region: top-right cell of a 3 x 3 grid\n- pooling: '
                   'all pixels of both dates in one sample\n- statistic: population standard deviation (ddof 0)'),
     ('pseudocode', 'cell = grid3x3[0][2]   # top-right cell (row 0, col 2)\nv = np.concatenate([ndvi[d][cell] for d '
                    'in (\'2019-07-12\', \'2019-07-28\')])   # pooled, valid NDVI only\nprint(v.std(ddof=0))'))
comp('rf5', 'refuse', ls('B10', 'BQA'),
     ('chat', 'landsat 13 aug 2017\ncloud-free px only (bqa bits 0 and 4)\nband 10 brightness temp\nis the north half '
              'warmer than the south half? yes or no is enough'),
     ('fillin', 'Checklist item: "Cloud-free band 10 brightness temperature is higher in the northern half than in the '
                'southern half of the 2017-08-13 Landsat scene: [X] (yes/no)." Fill in yes or no.'))
comp('a30', 'derived condition', qb('2019-08-13', '2019-08-29'),
     ('formal', 'For each August 2019 acquisition, take the 10th percentile of LST over the southern-half pixels with '
                'NDVI above 0.5, then average the two percentiles. Give the result in °C.'),
     ('terse', 'Aug 2019, south half, NDVI > 0.5: mean of the per-date p10 LST, °C.'))
comp('t31', 'comparison', qb('2019-05-09', '2019-05-25', '2019-09-14', '2019-09-30'),
     ('typos', 'percent chang of mean tvdi in the western half from may 2019 to september 2019, relative to may. each '
               'month = avrage of its per-date means (30 sep has no lst so no tvdi)'),
     ('nonnative', 'How much percent did the mean TVDI of the west half of the image change from May 2019 to September '
                   '2019, with May as the base? Please take for each month the average of the per-date means.'))
comp('a32', 'period', months(4, 5, 6, 7, 8, 9, 10, v=('NDVI',)) + q('2019-09-14'),
     ('context', 'For our growing-season summary (April to October 2019) we drop the 12 July and 13 August scenes '
                 'because of a sensor issue. Over the remaining NDVI dates, what is the mean NDVI (0 to 1 only) of the '
                 'bottom-left cell of a 3 x 3 grid, as the average of the per-date cell means?'),
     ('email', 'Hello Juan,\n\nmean NDVI (values 0-1 only) of the lower-left cell of a 3x3 grid over every '
               'April-October 2019 acquisition except 12 July and 13 August, averaging the per-date means. The LST '
               'file is not needed.\n\nThanks,\nMina'))
comp('L01', 'cloud-free', ls('B10', 'BQA'),
     ('dictated', 'on the landsat eight scene of the thirteenth of august twenty seventeen what is the mean band ten '
                  'brightness temperature in degrees celsius of the cloud free pixels in the southern half of the '
                  'scene using the b q a fill and cloud bits'),
     ('locale', 'Landsat 8, Szene vom 13.08.2017: mittlere Helligkeitstemperatur Band 10 (mean band 10 brightness '
                'temperature) der wolkenfreien Pixel (cloud-free, BQA Bit 0 und Bit 4 = 0) in der Südhälfte (southern '
                'half), in °C.'))
comp('L02', 'cloud-free', ls('B4', 'B5', 'B10', 'BQA'),
     ('checklist', '- scene: Landsat 8 2017-08-13\n- region: north-east quadrant\n- mask: cloud-free (BQA bit 0 and bit '
                   '4 both 0)\n- condition: band 10 brightness temperature not above 19 °C\n- statistic: mean NDVI from '
                   'TOA reflectance (bands 4, 5; no sun-elevation correction)'),
     ('pseudocode', 'clear = ((bqa & 1) == 0) & (((bqa >> 4) & 1) == 0)\nne = (row < H / 2) & (col >= W / 2)   # '
                    'north-east quadrant\nsel = clear & ne & ~(bt10_celsius > 19)   # BT not above 19 °C\n'
                    'mean(ndvi_toa[sel])   # TOA reflectance, no sun-elevation correction'))
comp('a25', 'order of statistics', months(9, 10, 11),
     ('chat', 'autumn 2019 (sep-nov) lst\nwest half only\nmean per date, then the HIGHEST of those means\nin kelvin'),
     ('fillin', 'Summary table: "Warmest autumn 2019 scene, western-half mean LST: ___ K" (autumn = September-November; '
                'per-date mean over the western half, then the maximum). Fill in the value.'))
comp('a34', 'bounds', q(*[d for d in DATES if '2019-05-30' <= d <= '2019-09-07']),
     ('formal', 'For every acquisition from day of year 150 to day of year 250 of 2019 (both days included), compute '
                'the share of valid LST pixels in the bottom third of the image that are strictly above 310 K (pixels '
                'at exactly 310 K not counted). Report the average of these per-date shares, in percent.'),
     ('terse', 'DOY 150-250 of 2019 (inclusive), bottom third: mean of the per-date % of valid LST > 310 K (strict).'))
comp('a35', 'bounds', qb('2019-10-16'),
     ('typos', 'how many pixels in the top third of the image on 16 oct 2019 have ndvi betwen 0.2 and 0.4 (both ends '
               'includd) and lst below 20 °C?'),
     ('nonnative', 'On 16 October 2019, please count the pixels of the upper third of the image where NDVI is from 0.2 '
                   'to 0.4, both limits included, and at the same time the LST is lower than 20 °C.'))
comp('L04', 'cloud-free', ls('BQA'),
     ('context', 'Sea-breeze convection usually builds over the inland part of the Charleston scene. On the Landsat 8 '
                 'image of 13 August 2017, what is the percentage of non-fill pixels (BQA bit 0 = 0) carrying the '
                 'cloud bit (bit 4) in the top third of the scene, minus the same percentage in the bottom third, in '
                 'percentage points?'),
     ('email', 'Hi Grace,\n\nfor the cloud-climatology ticket (#88): on the 2017-08-13 Landsat BQA, the cloud share (bit '
               '4) of the non-fill pixels (bit 0 clear) in the top third minus that in the bottom third, in percentage '
               'points please.\n\nBest,\nYusuf'))
comp('rf3', 'refuse', months(6, 7, 8),
     ('dictated', 'which summer twenty nineteen acquisition june to august had the second lowest mean land surface '
                  'temperature in the southern half of the image'),
     ('locale', 'Sommer 2019 (01.06.-31.08.): welcher Termin (which date) hatte die zweitniedrigste (second-lowest) '
                'mittlere LST der Südhälfte (southern half)?'))
comp('L09', 'negation', ls('B10', 'BQA'),
     ('checklist', '- scene: Landsat 8 2017-08-13, band 10 and BQA\n- region: bottom-right cell of a 3 x 3 grid\n- '
                   'pixels: cloud-free (BQA bits 0 and 4 both 0)\n- condition: brightness temperature NOT above 20.5 '
                   '°C\n- answer: percent of the cell\'s cloud-free pixels'),
     ('pseudocode', 'cell = (row >= 2 * H / 3) & (col >= 2 * W / 3)   # bottom-right cell of a 3 x 3 grid\nclear = '
                    'cell & ((bqa & 0b10001) == 0) & (b10 > 0)\nok = clear & ~(bt10_c > 20.5)   # not above 20.5 °C\n'
                    '100 * ok.sum() / clear.sum()'))
comp('a36', 'comparison', qn('2019-09-14', '2019-09-30'),
     ('chat', 'ndvi sept 2019, both dates\nshare of px with ndvi > 0.3, denominator = every px with an ndvi value '
              '(negatives too)\nshare per date, then averaged\nNE quadrant minus SW quadrant, in percentage points'),
     ('fillin', 'Report text: "In September 2019 the north-east quadrant had ___ percentage points more of its NDVI '
                'pixels above 0.3 than the south-west quadrant" (share per date over all pixels with an NDVI value, '
                'negatives included, then averaged over the two September dates). Fill in NE minus SW.'))
comp('L08', 'area', ls('B4', 'B5', 'B10', 'BQA'),
     ('formal', 'On the Landsat 8 scene of 13 August 2017, how many hectares of the eastern half are cloud-free (BQA '
                'bits 0 and 4 both 0), have a band 10 brightness temperature below 20 °C and a TOA-reflectance NDVI '
                '(bands 4 and 5) above 0.3?'),
     ('terse', 'Landsat 2017-08-13, east half, clear px (BQA), BT10 < 20 °C and TOA NDVI > 0.3: area in ha.'))
comp('a37', 'answer form', months(10, 11, 12),
     ('typos', 'mean lst in fahrenheit for the lon/lat box 87.85-88.10 E, 43.60-43.85 N over Q4 2019 (oct-dec), '
               'avrage of the per-date box means, dates without valid lst skiped'),
     ('nonnative', 'Please the mean LST in °F inside the box longitude 87.85 to 88.10 E and latitude 43.60 to 43.85 N '
                   'for the fourth quarter of 2019, as the average of the means of each date (dates without valid LST '
                   'are not used).'))
comp('rf8', 'refuse', q('2019-07-28'),
     ('context', 'Urban heat islands show up as hotspots in LST. For the southern half of the 28 July 2019 scene, what '
                 'is the typical hotspot intensity in °C?'),
     ('email', 'Hi Noor,\n\nplease give me the typical hot-spot intensity, in °C, for the southern half of the 28 July '
               '2019 LST image.\n\nThanks,\nBen'))
comp('rf6', 'refuse', months(7, v=('LST', 'NDVI')),
     ('dictated', 'what was the mean soil moisture in cubic metres per cubic metre of the northern half of the image '
                  'over july twenty nineteen'),
     ('locale', 'Mittlere Bodenfeuchte (mean soil moisture, m³/m³) der Nordhälfte (northern half) für Juli 2019 '
                '(12.07. und 28.07.)?'))
comp('L10', 'region', ls('B4', 'B5', 'BQA'),
     ('checklist', '- scene: Landsat 8 2017-08-13 (bands 4, 5, BQA)\n- window: rows 100-149, columns 150-199, numbered '
                   'from one (the first row is row one), both ends included\n- mask: cloud-free (BQA bits 0 and 4 both '
                   '0)\n- statistic: mean NDVI from TOA reflectance, no sun-elevation correction'),
     ('pseudocode', '# window given one-based (the first row is row one), inclusive\nw = (row1 >= 100) & (row1 <= 149) '
                    '& (col1 >= 150) & (col1 <= 199)\nclear = ((bqa & 1) == 0) & (((bqa >> 4) & 1) == 0)\n'
                    'mean(toa_ndvi[w & clear])   # TOA reflectance, no sun-elevation correction'))
comp('L07', 'cloud-free', ls('B10', 'B11', 'BQA'),
     ('chat', 'landsat 2017-08-13\nleft third of the scene (cols 0-84)\ncloud-free only, bqa bits 0 and 4\nmean of band '
              '10 BT minus band 11 BT, in K'),
     ('fillin', 'Split-window check: "Over the cloud-free pixels of the left third of the scene, band 10 brightness '
                'temperature exceeds band 11 by ___ K on average." (Landsat 8, 2017-08-13, BQA bits 0 and 4 clear.) '
                'Fill in B10 minus B11.'))
comp('rf2', 'refuse', months(1, 2, 12),
     ('formal', 'What was the mean LST in °C of the southern half of the image over winter 2018/19 (December 2018 to '
                'February 2019), as the average of the per-date means?'),
     ('terse', 'mean LST °C, south half, Dec 2018-Feb 2019 (mean of per-date means).'))

# how each yes/no, rank-below-first, "or" and base question is expected to be answered (stated in `definition` / `why`)
CHOICE = {
    'rf3': 'a rank below the first (second-lowest): expected a refusal, as in set 14.',
    'rf4': 'a percent difference with no base: expected a refusal.',
    'rf5': 'a bare yes/no with no value asked: expected a refusal.',
    'rf7': 'an "or" between two conditions left to the reader ("whichever"): expected a refusal.',
    'a22': 'a count of dates asked as a fraction 0-1: expected the fraction.',
}

ORDER = ['formal', 'terse', 'typos', 'nonnative', 'context', 'email', 'dictated', 'locale', 'checklist', 'pseudocode',
         'chat', 'fillin']


# ================================================================================================= build
def habits_in_harness():
    m = re.search(r"habit:\s*z\.enum\(\[([^\]]*)\]\)", open(HARNESS).read())
    assert m, 'habit enum not found in harness.ts'
    return set(re.findall(r"'([^']+)'", m.group(1)))


def earlier_phrasings():
    """Question texts of sets 1-14, read only to check mechanically that none is reused (no content is copied)."""
    out = set()
    for p in glob.glob(os.path.join(HERE, 'questions-dev*.jsonl')):
        if p.endswith('questions-dev-15.jsonl'):
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


BLANKS = ('___', '[X]', '??', 'TBD')
HABITS = set(ORDER)


def main():
    refs = {k: v for k, v in REFS.items() if not k.startswith('_')}
    lines = []
    for n, (cid, (family, files, phr)) in enumerate(C.items()):
        r = refs[cid]
        assert len(phr) == 2 and phr[0][0] != phr[1][0], f'{cid}: two different habits'
        assert [h for h, _ in phr] == ORDER[(2 * n) % 12:(2 * n) % 12 + 2], f'{cid}: habit rotation'
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
                expect = {'kind': 'value', 'value': float(f'{v:.10g}'), 'tolerance': float(f'{r["tolerance"]:.6g}'),
                          'unit': r['unit']}
                d = r['definition'] + (f' Note: {r["note"]}' if r.get('note') else '')
                if cid in CHOICE:
                    d += f' Choice: {CHOICE[cid]}'
                rec = {'definition': d}
            line = {'id': f'dev15-{cid}#{i}', 'computation_id': f'dev15-{cid}', 'family': family, 'habit': habit,
                    'question': text, 'files': fl, 'expect': expect}
            line.update(rec)
            lines.append(line)

    # ---- checks
    ids = [l['id'] for l in lines]
    assert len(ids) == len(set(ids)), 'duplicate ids'
    norm = [' '.join(l['question'].lower().split()) for l in lines]
    assert len(norm) == len(set(norm)), 'duplicate phrasings'
    reused = set(norm) & earlier_phrasings()
    assert not reused, f'phrasings reused from sets 1-14: {reused}'
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
        if e['kind'] == 'value':
            assert isinstance(e['value'], float) and e['tolerance'] > 0, l['id']
            vals = [float(v) for v in r['readings'].values()]
            assert e['tolerance'] >= (max(vals) - min(vals)) / 2 - 1e-12, l['id']
            if e['unit'] in ('pixels', 'dates'):
                assert e['value'] == round(e['value']) or (max(vals) - min(vals)) > 0, l['id']
                assert e['tolerance'] >= 0.5 + (max(vals) - min(vals)) / 2 - 1e-9, l['id']
            # an echo of the question must not pass the judge: no number written in it lies within tolerance
            near = [x for x in numbers_in(l['question']) if abs(x - e['value']) <= e['tolerance']]
            assert not near, f'{l["id"]}: the question itself writes {near}'
            assert r.get('misreadings'), f'{l["id"]}: no misreading recorded'
            for k, x in r['misreadings'].items():
                assert x != x or abs(x - e['value']) > e['tolerance'], f'{l["id"]}: misreading {k} within tolerance'
        else:
            assert len(e['reason']) >= 3 and l.get('why'), l['id']
        assert l['definition']
    refuse = [l for l in lines if l['expect']['kind'] == 'refuse']
    assert len(refuse) == 16 and len({l['computation_id'] for l in refuse}) == 8
    with open(OUT, 'w') as f:
        for l in lines:
            f.write(json.dumps(l, ensure_ascii=False) + '\n')
    fam = Counter(l['family'] for l in lines)
    kinds = Counter(l['expect']['kind'] for l in lines)
    units = Counter(l['expect'].get('unit', 'refuse') for l in lines)
    print(f'wrote {OUT}: {len(lines)} questions, {len(C)} computations')
    print('families:', dict(sorted(fam.items())))
    print('habits:', dict(sorted(hab.items())))
    print('kinds:', dict(kinds))
    print('units:', dict(sorted(units.items())))


if __name__ == '__main__':
    sys.exit(main())
