#!/usr/bin/env python3
"""Build development set 11 (tests/dev-questions/questions-dev-11.jsonl) from references-11.json.

Set 11 is about HOW DATES AND PERIODS ARE WRITTEN. 116 questions = 58 computations x 2 phrasings in two different
wording habits; 9 computations (18 questions) must be refused because the date cannot be read with confidence or the
data lack it; 14 computations are controls from other families (regions, thresholds with units, TVDI conditions,
Landsat BQA masks, counts of dates, date of an extreme), also written with varied date forms. Written blind (the
READMEs of ../shared/fixtures, ../shared/benchmarks, ../heldout and this folder, the judge in ../heldout/harness.ts
and the data; set 10's two scripts read for their structure only). Habits: formal, terse, typos, nonnative, context,
email, locale, chat, checklist, dictated, fillin (10-11 each; `pseudocode` not used).

Run from the project root: /usr/bin/python3 tests/dev-questions/build_questions_11.py
"""
import glob
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
REFS = json.load(open(os.path.join(HERE, 'references-11.json')))
OUT = os.path.join(HERE, 'questions-dev-11.jsonl')
HARNESS = os.path.join(HERE, '..', 'heldout', 'harness.ts')

Q46 = 'benchmarks/earthbench-q46/files'
LSD = 'fixtures/landsat8_L1TP_016037_20170813'
DATES = sorted(REFS['_per_date'])
PD = REFS['_facts']['period_dates']


def q(d, *vs):
    return [f'{Q46}/Xinjiang_{d}_{v}.tif' for v in (vs or ('LST', 'NDVI'))]


def every(*vs):
    return [f for d in DATES for f in q(d, *vs)]


def dates_files(ds, *vs):
    return [f for d in ds for f in q(d, *vs)]


def month_files(months, *vs):
    return [f for d in DATES if int(d[5:7]) in months for f in q(d, *vs)]


def ls(*bands):
    return [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_{b}.TIF' for b in bands] + \
        [f'{LSD}/LC08_L1TP_016037_20170813_20170814_01_RT_MTL.txt']


C = {}


def comp(cid, family, files, *phr):
    """phr: (habit, question, extra files or None) twice."""
    assert cid not in C, cid
    C[cid] = (family, files, list(phr))


# ======================================================================================= single days (statistics)
comp('s1', 'statistics', q('2019-08-13', 'LST'),
     ('fillin', 'Fill in the ___ of my QA sheet: "Xinjiang LST, 13.08.2019: scene mean ___ K (valid pixels only, '
      'DN 0 = nodata)."', None),
     ('terse', 'xinjiang lst 13/08/2019, scene mean in K?', None))
comp('s2', 'statistics', q('2019-03-06', 'LST'),
     ('locale', 'Xinjiang LST, Aufnahme 06.03.2019 (TT.MM.JJJJ, day.month.year): Mittelwert (mean) in °C über alle '
      'gültigen Pixel?', None),
     ('formal', 'What was the mean land surface temperature of the Xinjiang scene acquired on 6/3/2019 (written '
      'day/month/year), in degrees Celsius, over its valid pixels?', None))
comp('s3', 'statistics', q('2019-05-09', 'NDVI'),
     ('email', 'Hi Tomasz,\n\nfor the crop-calendar slide (ticket AG-341), could you give me the mean NDVI of the '
      'Xinjiang image dated 09/05/2019? Our dates are DD/MM/YYYY. Please use only NDVI values between 0 and 1. The LST '
      'file of that day is in the folder but is not needed.\n\nThanks,\nAnke', q('2019-05-09', 'LST')),
     ('dictated', 'mean n d v i of the xinjiang image of may the ninth twenty nineteen counting only values from zero '
      'to one', None))
comp('s4', 'statistics', q('2019-05-25', 'LST'),
     ('nonnative', 'Please, what is the median of the LST on 05/25/2019 for Xinjiang, in Kelvin? Only the valid pixels.',
      None),
     ('typos', 'median lst (kelvin) of the xinjiang scene from the 25th of may 2019, valid pixles only - the median, '
      'not the mean', None))
comp('s5', 'statistics', q('2019-06-10', 'NDVI'),
     ('chat', 'quick one\nall my dates are 2019 btw\nmean ndvi of the xinjiang image on 10 jun?\nonly ndvi between 0 '
      'and 1 pls', None),
     ('context', 'Our field team (every visit was in 2019) sampled wheat plots around Urumqi on 10.06. (day.month) and '
      'came back later in June. For the Xinjiang NDVI image of that first visit day, what is the mean NDVI, counting '
      'only pixels with NDVI between 0 and 1?', None))
comp('s6', 'statistics', q('2019-07-12', 'LST'),
     ('nonnative', 'I need the mean LST in degree Celsius of the Xinjiang image from 12/07/2019 (the day is first, then '
      'the month). Only valid pixels please.', None),
     ('fillin', 'Fill the blank: "On 12/07/2019 (dd/mm/yyyy) the mean land surface temperature of the Xinjiang scene '
      'was ___ °C."', None))
comp('s7', 'statistics', q('2019-06-26', 'LST'),
     ('terse', 'xinjiang LST for granule date A2019177 (YYYYDDD, day of year): mean in K?', None),
     ('dictated', 'what is the mean land surface temperature in kelvin on day one hundred seventy seven of twenty '
      'nineteen in the xinjiang series', None))
comp('s8', 'statistics', q('2019-11-01', 'LST'),
     ('locale', 'Wie viele Pixel (how many pixels) haben am 01.11.2019 (Tag.Monat.Jahr, day.month.year) einen gültigen '
      'LST-Wert (valid LST, DN > 0)?', None),
     ('checklist', '- data: Xinjiang LST\n- date: 1 Nov. 2019\n- mask: valid LST only (DN 0 = nodata)\n- output: '
      'number of valid pixels', None))
comp('s9', 'statistics', q('2019-12-03', 'LST'),
     ('context', 'Frost timing matters for the winter-wheat team, who logged the first hard frost of the season in '
      'late November. For the Xinjiang acquisition of 03.12.2019 (DD.MM.YYYY), what percentage of the valid LST pixels '
      'lie below 0 °C?', None),
     ('typos', 'what percnt of the valid lst pixels were below freezing (0 °C) on Dec 3rd 2019 in the xinjiang data?',
      None))
comp('s10', 'statistics', q('2019-04-23', 'NDVI'),
     ('nonnative', 'In my country we write the month with Roman numbers. What is the mean NDVI of the Xinjiang image of '
      '23.IV.2019? Only NDVI between 0 and 1, please.', None),
     ('checklist', 'Requirement:\n- data: Xinjiang NDVI\n- date: 20190423 (YYYYMMDD)\n- keep: 0 <= NDVI <= 1\n- '
      'statistic: mean', None))

# ================================================================================================== periods
comp('p1', 'period', dates_files(PD['p1'], 'LST'),
     ('context', 'Our summer campaign report, written in Berlin, uses the window 01.06.–31.08.2019 throughout. For '
      'that window, what is the mean LST of the Xinjiang series, as the mean of the per-scene means in K?', None),
     ('checklist', '- data: Xinjiang LST series\n- period: 01.06.-31.08. (day.month; year 2019)\n- statistic: mean of '
      'the per-date means, kelvin\n- dates with no valid pixel: skip', None))
comp('p2', 'period', dates_files(PD['p2'], 'NDVI'),
     ('formal', 'Taking every 2019 date from 1 January to 31 July, what is the mean NDVI of the Xinjiang series, '
      'computed as the average of the per-date means and counting only NDVI values between 0 and 1?', None),
     ('context', 'We are comparing the first seven months of the year with a crop-model run. Using every Xinjiang NDVI '
      'acquisition from January 1st through July 31st (all of them 2019), what is the average of the per-date mean '
      'NDVI? Values outside 0-1 should be ignored.', None))
comp('p3', 'period', dates_files(PD['p3'], 'LST'),
     ('chat', 'xinjiang lst\nwindow: 25 May -> 26 Jun 2019\nboth ends in\navg of the per-scene means, kelvin', None),
     ('terse', 'mean LST (mean of scene means, K), Xinjiang, 25 May → 26 Jun 2019, inclusive', None))
comp('p4', 'period', dates_files(PD['p4'], 'LST'),
     ('email', 'Hi Sven,\n\nticket HT-77: I need the mean LST of the Xinjiang series for Apr→Jul 2019 (April through '
      'July, all four months), as the mean of the per-date means in K. It goes on slide 3 of Thursday\'s deck.\n\n'
      'Cheers,\nMia', None),
     ('typos', 'avg LST for xinjang, Apr→Jul 2019 incl. july, mean of the per-date means in kelvn?', None))
comp('p5', 'period', dates_files(PD['p5'], 'NDVI'),
     ('formal', 'From the 3rd of March till the 9th of May 2019, the 9th of May included, what is the mean NDVI of the '
      'Xinjiang series, taken as the mean of the per-date means over pixels with NDVI between 0 and 1?', None),
     ('dictated', 'average n d v i from the third of march up to and including the ninth of may twenty nineteen as '
      'the mean of the per date means using only values between zero and one', None))
comp('p6', 'period', dates_files(PD['p6'], 'LST'),
     ('context', 'Irrigation stops in the district in mid-September, and the agronomist wants the heat load of the '
      'final stretch. For the six weeks ending 15.09.2019 (so 5 August to 15 September), what is the mean LST of the '
      'Xinjiang series, as the average of the per-date means in kelvin?', None),
     ('nonnative', 'What is the mean LST for the six weeks which finish on 15 September 2019 (i.e. 5 Aug to 15 Sep)? '
      'Xinjiang, average of the means of each date, in Kelvin.', None))
comp('p7', 'period', dates_files(PD['p7'], 'LST'),
     ('formal', 'For ISO weeks 10-17 of 2019, i.e. Monday 4 March to Sunday 28 April, what is the mean LST of the '
      'Xinjiang series, as the mean of the per-date means in kelvin?', None),
     ('checklist', '- data: Xinjiang LST\n- period: ISO weeks 10-17 / 2019 (= Mon 04.03. to Sun 28.04.)\n- stat: mean '
      'of the per-acquisition means [K]', None))
comp('p8', 'period', dates_files(PD['p8'], 'LST'),
     ('email', 'Hi Anna,\n\nfor ticket IRR-12 I need the mean LST of the Xinjiang series over the 40 days ending '
      '20.06.2019 (20 June included), as the mean of the per-date means in K. Slide 5, due Wednesday.\n\nThanks,\n'
      'Karl', None),
     ('typos', 'whats the mean lst over the 40 days endign 20 june 2019? xinjiang, mean of the per-date means, kelvin',
      None))
comp('p9', 'period', dates_files(PD['p9'], 'LST'),
     ('terse', 'Q4/2019 xinjiang lst, mean of the per-date means, K', None),
     ('fillin', 'Please fill in the TBD cell of my quarterly table (Xinjiang):\n\n| quarter | mean LST (K, mean of '
      'per-date means) |\n|---|---|\n| 2019-Q3 | 307.19 |\n| 2019-Q4 | TBD |', None))
comp('p10', 'period', dates_files(PD['p10'], 'NDVI'),
     ('locale', 'NDVI Xinjiang, 2. Halbjahr 2019 (second half of 2019): Mittel der Szenenmittel (mean of the per-date '
      'means), nur NDVI zwischen 0 und 1 (only values from 0 to 1)?', None),
     ('email', 'Dear Ms. Okafor,\n\nregarding ticket VEG-19: could you provide the mean NDVI for H2 2019 '
      '(July–December) from the Xinjiang series, as the mean of the per-date mean NDVI, ignoring values below 0 or '
      'above 1? It goes on slide 7.\n\nKind regards,\nP. Lindqvist', None))
comp('p11', 'period', dates_files(PD['p11'], 'LST'),
     ('locale', 'Xinjiang LST, Monate Mai, Juni, Sept. (May, June, September) 2019: Mittelwert über alle Aufnahmen '
      'dieser Monate (every acquisition in those months counted once, not the mean of monthly means), in K?', None),
     ('nonnative', 'Mean of LST for Xinjiang in the months May, June and Sept. 2019 together: please take all '
      'acquisitions in these three months, each date counts one time, and average their scene means. Kelvin.', None))
comp('p12', 'period', dates_files(PD['p12'], 'LST'),
     ('terse', 'xinjiang lst SON 2019 (sep-oct-nov), mean of per-date means in K', None),
     ('dictated', 'mean land surface temperature for autumn twenty nineteen meaning september october and november '
      'average of the per date means in kelvin', None))
comp('p13', 'period', dates_files(PD['p13'], 'LST'),
     ('formal', 'Over day-of-year 100 to 160 of 2019, both days included, what is the mean LST of the Xinjiang series '
      '(mean of the per-date means, in kelvin)?', None),
     ('chat', 'hey\nxinjiang lst pls\nDOY 100-160 of 2019, inclusive\nmean of the scene means, K', None))
comp('p14', 'period', dates_files(PD['p14'], 'NDVI'),
     ('checklist', '- data: Xinjiang NDVI\n- interval: 2019-02-01/2019-04-30 (ISO 8601)\n- keep NDVI in [0, 1]\n- '
      'statistic: mean of the per-date means', None),
     ('typos', 'mean ndvi for the interval 2019-02-01/2019-04-30 (xinjiang), avrage of the per-date means, only ndvi '
      '0 to 1', None))
comp('p15', 'period', dates_files(PD['p15'], 'LST'),
     ('locale', 'Mittlere LST am 10.06. und 26.06.2019 (on 10 June and 26 June 2019), Xinjiang: Mittel der beiden '
      'Szenenmittel (the mean of the two scene means), in K?', None),
     ('fillin', 'Fill in [X]: "Averaged over the two June scenes (10.06. and 26.06.2019, day.month), Xinjiang LST was '
      '[X] K (mean of the two scene means)."', None))
comp('p16', 'period', dates_files(PD['p16']),
     ('terse', 'mean TVDI (benchmark def), xinjiang, 2019-05/2019-07 (may-jul), mean of per-date means', None),
     ('email', 'Hello Ravi,\n\nfor ticket DRY-5 I need the mean TVDI (benchmark definition) over 2019-05/2019-07, i.e. '
      'May through July 2019, as the average of the per-date mean TVDI. Due Friday.\n\nThanks,\nJo', None))
comp('p17', 'period', dates_files(PD['p17'], 'LST'),
     ('locale', 'LST moyenne (mean LST), Xinjiang, pour janv., mars et nov. 2019 (January, March, November): moyenne '
      'des moyennes par date (mean of the per-date means), en kelvin?', None),
     ('chat', 'lst question\nxinjiang, jan + mar + nov 2019 only (not the months in between)\nmean of the per-date '
      'means\nK', None))

# ============================================================================================= comparisons
comp('c1', 'comparison', q('2019-04-23', 'NDVI') + q('2019-08-29', 'NDVI'),
     ('formal', 'The Xinjiang NDVI was acquired on 23 April and on 29 August (both 2019). What is the mean NDVI of the '
      'August scene minus that of the April scene, counting only NDVI values between 0 and 1?', None),
     ('context', 'The orchard survey visited on 23 April 2019 and returned on 29 August 2019. How much higher was the '
      'mean NDVI of the Xinjiang image at the second visit (29 August minus 23 April)? Only NDVI values from 0 to 1 '
      'count.', None))
comp('c2', 'comparison', q('2019-04-07', 'LST') + q('2019-08-13', 'LST'),
     ('nonnative', 'Please the difference of mean LST between 13/08/2019 and 07/04/2019 (dates are dd/mm/yyyy): the '
      'August mean minus the April mean, in Kelvin, Xinjiang.', None),
     ('email', 'Hi Lea,\n\nquick one for the heat-stress memo (ticket HS-903): mean LST on 13/08/2019 minus mean LST '
      'on 07/04/2019 (DD/MM/YYYY, Xinjiang series), in K. Each mean over that date\'s valid pixels.\n\nThanks!\nOmar',
      None))
comp('c3', 'comparison', q('2019-04-07', 'NDVI') + q('2019-08-29', 'NDVI'),
     ('locale', 'Prozentuale Änderung (percent change) der mittleren NDVI vom 07.04.2019 zum 29.08.2019 (TT.MM.JJJJ), '
      'bezogen auf den April-Wert (relative to the April value); nur NDVI von 0 bis 1. Xinjiang.', None),
     ('dictated', 'percent change in mean n d v i from the seventh of april to the twenty ninth of august twenty '
      'nineteen relative to the april value using only n d v i between zero and one', None))
comp('c4', 'comparison', dates_files(REFS['c4']['summer'] + REFS['c4']['spring'], 'LST'),
     ('locale', 'Xinjiang LST-Differenz (difference): Sommer 01.06.–31.08.2019 minus Frühling (spring) '
      '01.03.–31.05.2019, jeweils Mittel der Szenenmittel (each the mean of the per-date means), in K.', None),
     ('checklist', '- data: Xinjiang LST 2019\n- period A: 01.06.-31.08. (day.month)\n- period B: 01.03.-31.05.\n- each '
      'period: mean of the per-date means\n- output: A minus B, in K', None))
comp('c5', 'comparison', q('2019-06-26', 'NDVI') + q('2019-08-13', 'NDVI'),
     ('typos', 'ratio of mean ndvi 13/08 over 26/06 (dd/mm, both 2019), xinjang - the august mean divded by the june '
      'mean', None),
     ('chat', 'ndvi ratio q\nxinjiang 2019\n26/06 mean divided by 13/08 mean\nwait no, other way round: 13/08 over '
      '26/06 (dd/mm)', None))
comp('c6', 'comparison', month_files([5, 10], 'LST'),
     ('email', 'Hello Dmitri,\n\nticket CLIM-8: the mean LST of Mai 2019 (May) minus that of Okt. 2019 (October), '
      'Xinjiang series, each month as the mean of its per-date means, in K. Sorry for the German month names, the '
      'spreadsheet is from Ute.\n\nRegards,\nFelix', None),
     ('nonnative', 'How many Kelvin is the mean LST of May 2019 warmer than the one of Oct. 2019 in Xinjiang? (each '
      'month is the mean of its scene means; May minus October)', None))
comp('c7', 'comparison', q('2019-07-12', 'LST') + q('2019-12-03', 'LST'),
     ('fillin', 'Fill in the ??: "The Xinjiang mean LST on 12.07. was ?? °C higher than on 03.12. (day.month, both '
      '2019)."', None),
     ('terse', 'xinjiang mean LST diff: 12.07. minus 03.12. (dd.mm, 2019), in °C', None))

# ================================================================================================== series
comp('e1', 'series', dates_files(REFS['e1']['dates'], 'LST'),
     ('formal', 'For the Xinjiang series between 01.03.2019 and 30.06.2019 (day.month.year), fit a least-squares line '
      'to the per-date mean LST against the day of the year. What is its slope, in kelvin per day?', None),
     ('typos', 'linear trend (least squares) of per-date mean lst vs day of year, 1 march to 30 june 2019, xinjiang. '
      'slope in K/day?', None))

# ============================================================================================== controls
comp('x1', 'region', q('2019-06-26', 'LST'),
     ('locale', 'Xinjiang: mittlere LST der westlichen Hälfte (western half) des Bildes vom 26.06.2019, in K?', None),
     ('dictated', 'mean land surface temperature of the western half of the xinjiang image on june twenty sixth '
      'twenty nineteen in kelvin', None))
comp('x2', 'region', q('2019-08-13', 'NDVI'),
     ('formal', 'What is the mean NDVI of the north-east quadrant of the Xinjiang image dated 08/13/2019?', None),
     ('checklist', '- image: Xinjiang NDVI, 08/13/2019 (US date)\n- region: NE quadrant\n- statistic: mean', None))
comp('x3', 'units in thresholds', q('2019-07-28', 'LST'),
     ('context', 'The health bureau flags ground hotter than 35 °C as a heat risk. On 28/07/2019, what percentage of '
      'the valid LST pixels of the Xinjiang scene exceed 35 °C?', None),
     ('chat', 'xinjiang lst 28/07/2019\n% of valid px above 35 °C?\n(35 celsius, not kelvin lol)', None))
comp('x4', 'units in thresholds', q('2019-08-13', 'LST'),
     ('typos', 'how many pixles were hotter then 100 °F on Aug 13 \'19 (xinjiang lst)?', None),
     ('fillin', 'QA log line, fill the ??: "Xinjiang LST | Aug. 13th, 2019 | LST > 100 °F | ?? pixels"', None))
comp('x5', 'derived condition', q('2019-08-29'),
     ('checklist', '- date: 20190829\n- product: TVDI (benchmark definition) from Xinjiang LST + NDVI\n- mask: TVDI > '
      '0.8\n- stat: mean LST in K', None),
     ('nonnative', 'For the date 20190829 (year, month, day) I need the mean LST of the pixels where TVDI is bigger '
      'than 0.8. TVDI as in the benchmark. In Kelvin please.', None))
comp('x6', 'derived condition', q('2019-06-10'),
     ('email', 'Hi Chen,\n\nticket DR-58: in ISO week 24 of 2019 there is exactly one Xinjiang acquisition. What share '
      'of its pixels that have a TVDI (benchmark definition) have TVDI < 0.3, in percent?\n\nThanks,\nMarta', None),
     ('dictated', 'in iso week twenty four of twenty nineteen what percentage of the xinjiang pixels with a t v d i '
      'have t v d i below zero point three', None))
comp('x7', 'derived condition', q('2019-09-14'),
     ('formal', 'On 14/09/2019 (DD/MM/YYYY), what is the mean NDVI of the Xinjiang pixels whose LST is strictly above '
      '310 K (pixels at exactly 310 K excluded)?', None),
     ('fillin', 'Fill in the blank of this caption: "Fig. 4 – Hot pixels on 14/09/2019 (LST strictly above 310 K; '
      '310 K itself excluded) have a mean NDVI of ____."', None))
comp('x8', 'cloud-free', ls('B10', 'BQA'),
     ('fillin', 'Fill the blank: "Landsat 8, 13.08.2017 (day.month.year): mean band 10 brightness temperature over '
      'cloud-free pixels (BQA bits 0 and 4 both 0) = ___ K."', None),
     ('typos', 'landsat scene 13.08.2017 (day.month) - mean band 10 brightnes temp over cloud free pixels (bqa bits 0 '
      'and 4 both 0), kelvin', None))
comp('x9', 'cloud-free', ls('BQA'),
     ('terse', 'landsat 08/13/2017, BQA: % of non-fill px with cloud bit 4 set?', None),
     ('context', 'Our flood team wants to know how usable the Charleston scene is before ordering more. For the '
      'Landsat 8 acquisition of 08/13/2017, what percentage of the non-fill pixels (BQA bit 0 = 0) are flagged as '
      'cloud (BQA bit 4)?', None))
comp('x10', 'cloud-free', ls('B4', 'B5', 'BQA'),
     ('chat', 'landsat 13-Aug-2017\nndvi from TOA reflectance, bands 5 and 4\nonly cloud-free px (bqa bit 0 and bit 4 '
      '= 0)\nmean?', None),
     ('email', 'Dear Dr. Baptiste,\n\nfor ticket LS-410, please report the mean top-of-atmosphere NDVI (bands 5 and 4) '
      'of the Landsat 8 scene dated 13-Aug-2017, over cloud-free pixels only (BQA bits 0 and 4 both unset). The band '
      '10 file is in the folder but is not needed.\n\nBest regards,\nY. Tanaka', ls('B10')))
comp('x11', 'count of dates', dates_files([d for d in DATES if '2019-04-01' <= d <= '2019-09-30'], 'LST'),
     ('checklist', '- data: Xinjiang LST\n- dates: 01.04.-30.09.2019 (day.month)\n- condition: scene mean LST above '
      '300 K\n- output: number of acquisitions', None),
     ('dictated', 'how many acquisitions between the first of april and the thirtieth of september twenty nineteen '
      'have a mean land surface temperature above three hundred kelvin', None))
comp('x12', 'count of dates', month_files([1, 2, 3], 'LST'),
     ('terse', 'Q1/2019: how many xinjiang acquisitions have at least one valid LST pixel?', None),
     ('fillin', 'Fill the [X]: "Of the Q1/2019 acquisitions (Jan–Mar), [X] have at least one valid LST pixel." '
      '(Xinjiang)', None))
comp('x13', 'date of extreme', month_files(range(1, 7), 'LST'),
     ('chat', 'xinjiang lst\nwhich date in H1 2019 had the highest scene mean?\nH1 = jan-jun', None),
     ('nonnative', 'Which date of the first half-year 2019 (January until June) has the highest mean LST in Xinjiang?',
      None))
comp('x14', 'date of extreme', month_files(range(3, 11), 'NDVI'),
     ('dictated', 'on which date between the first of march and the thirty first of october twenty nineteen is the '
      'mean n d v i of the xinjiang series the lowest', None),
     ('context', 'The irrigation season in the valley runs roughly from March to October. Between 01.03.2019 and '
      '31.10.2019 (day.month.year), which date has the lowest mean NDVI in the Xinjiang series?', None))

# ================================================================================================ refusals
comp('rf1', 'refuse', month_files([3, 4], 'LST'),
     ('terse', 'xinjiang mean LST on 03/04/2019?', None),
     ('chat', 'need a number for the report\nmean lst xinjiang\n03/04/2019\nin K', None))
comp('rf2', 'refuse', month_files([1, 2, 3, 11, 12], 'LST'),
     ('formal', 'What is the mean LST of the Xinjiang series from 01/11/2019 to 03/12/2019, taken as the mean of the '
      'per-date means?', None),
     ('typos', 'avg lst between 01/11 and 03/12/2019 for xinjiang (mean of the per-date means)?', None))
comp('rf3', 'refuse', ls('B10') + q('2019-08-13', 'LST'),
     ('context', 'Our folder holds the 2017 Landsat scene of Charleston and the 2019 Xinjiang LST series. What was the '
      'mean temperature of the scene acquired on 13 August, in kelvin?', None),
     ('email', 'Hi Nora,\n\nwe have both data sets on the share (the Landsat one from 2017 and the Xinjiang one from '
      '2019). Can you send me the mean temperature on 13 August, in K, for ticket TMP-12?\n\nThanks,\nBen', None))
comp('rf4', 'refuse', month_files([4, 7], 'LST'),
     ('formal', 'What is the mean LST of the Xinjiang series on 07/04/2019 (MM/DD/YYYY)?', None),
     ('nonnative', 'Please give me the mean LST of Xinjiang on 07/04/2019; we write the dates the American way, month '
      'first.', None))
comp('rf5', 'refuse', month_files([3, 4, 5, 6], 'LST'),
     ('dictated', 'what was the mean land surface temperature in late spring twenty nineteen in the xinjiang data', None),
     ('chat', 'lst xinjiang\nlate spring 2019\nmean pls', None))
comp('rf6', 'refuse', month_files([6, 7], 'LST'),
     ('checklist', '- data: Xinjiang LST\n- period: ISO week 27 / 2019\n- statistic: mean LST of the acquisition in '
      'that week, K', None),
     ('fillin', 'Fill the ___: "In ISO week 27 of 2019 the Xinjiang scene mean LST was ___ K."', None))
comp('rf7', 'refuse', every('LST'),
     ('email', 'Hi team,\n\nfinance wants the mean LST of the Xinjiang series for fiscal Q3 2019 (mean of the '
      'per-date means) for their ticket FIN-220. Can someone send it by Monday?\n\nThanks,\nGreta', None),
     ('terse', 'xinjiang LST, FY2019 Q3 (fiscal), mean of per-date means?', None))
comp('rf8', 'refuse', every('LST'),
     ('typos', 'wat was the mean lst on the 17th? (xinjiang, 2019)', None),
     ('context', 'The weather-station logs for 2019 show a cold snap on the 17th, and the station manager wants to '
      'compare it with the satellite. What was the mean LST of the Xinjiang scene on the 17th?', None))
comp('rf9', 'refuse', q('2019-08-13', 'LST'),
     ('locale', 'Änderung (change) der mittleren LST vom 13.08.2018 zum 13.08.2019 (TT.MM.JJJJ), Xinjiang, in K?', None),
     ('fillin', 'Fill TBD: "Between 13.08.2018 and 13.08.2019 the mean Xinjiang LST rose by TBD K."', None))

CONTROL_FAMILIES = {'region', 'units in thresholds', 'derived condition', 'cloud-free', 'count of dates', 'date of extreme'}


# ================================================================================================= build
def habits_in_harness():
    m = re.search(r"habit:\s*z\.enum\(\[([^\]]*)\]\)", open(HARNESS).read())
    assert m, 'habit enum not found in harness.ts'
    return set(re.findall(r"'([^']+)'", m.group(1)))


def earlier_phrasings():
    """Question texts of sets 1-10, read only to check mechanically that none is reused (no content is copied)."""
    out = set()
    for p in glob.glob(os.path.join(HERE, 'questions-dev*.jsonl')):
        if p.endswith('questions-dev-11.jsonl'):
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


MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november',
          'december']


def states_date(text, iso):
    """The judge's statesDate (harness.ts), ported."""
    y, m, d = (int(s) for s in iso.split('-'))
    t = text.lower()
    if iso in t or f'{y}/{m:02d}/{d:02d}' in t:
        return True
    month = MONTHS[m - 1]
    return bool(re.search(rf'\b0?{d}(st|nd|rd|th)?\s+(of\s+)?{month}\b', t) or re.search(rf'\b{month}\s+0?{d}(st|nd|rd|th)?\b', t))


BLANKS = ('___', '[X]', '??', 'TBD')


def main():
    refs = {k: v for k, v in REFS.items() if not k.startswith('_')}
    lines = []
    for cid, (family, files, phr) in C.items():
        r = refs[cid]
        assert len(phr) == 2 and phr[0][0] != phr[1][0], f'{cid}: two different habits'
        for i, p in enumerate(phr, 1):
            habit, text, extra = p
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
            line = {'id': f'dev11-{cid}#{i}', 'computation_id': f'dev11-{cid}', 'family': family, 'habit': habit,
                    'question': text, 'files': fl, 'expect': expect}
            line.update(rec)
            lines.append(line)

    # ---- checks
    ids = [l['id'] for l in lines]
    assert len(ids) == len(set(ids)), 'duplicate ids'
    norm = [' '.join(l['question'].lower().split()) for l in lines]
    assert len(norm) == len(set(norm)), 'duplicate phrasings'
    reused = set(norm) & earlier_phrasings()
    assert not reused, f'phrasings reused from sets 1-10: {reused}'
    assert len(lines) == 116 and len(C) == 58, (len(lines), len(C))
    assert set(C) == set(refs), f'references not used: {set(refs) - set(C)}; unknown: {set(C) - set(refs)}'
    enum = habits_in_harness()
    hab = Counter(l['habit'] for l in lines)
    assert set(hab) <= enum, f'habits missing from harness.ts: {set(hab) - enum}'
    want = {'formal', 'terse', 'typos', 'nonnative', 'context', 'email', 'locale', 'chat', 'checklist', 'dictated', 'fillin'}
    assert set(hab) == want, set(hab) ^ want
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
    acq = set(DATES)
    for l in lines:
        for f in l['files']:
            assert os.path.exists(os.path.join(SHARED, f)), f'{l["id"]}: missing file {f}'
        e = l['expect']
        r = refs[l['computation_id'][6:]]
        if e['kind'] == 'value':
            if e['unit'] == 'date':
                assert e['value'] in acq, f'{l["id"]}: date {e["value"]} not an acquisition'
                assert re.search(r'date|which|when', l['question'], re.I), l['id']
                # a date answer must not be written in the question itself
                assert not states_date(l['question'], e['value']), l['id']
            else:
                assert isinstance(e['value'], float) and e['tolerance'] > 0, l['id']
                vals = [float(v) for v in r['readings'].values()]
                assert e['tolerance'] >= (max(vals) - min(vals)) / 2 - 1e-12, l['id']
                if e['unit'] in ('pixels', 'dates'):
                    assert float(e['value']).is_integer(), l['id']
                    assert abs(e['tolerance'] - (0.5 + (max(vals) - min(vals)) / 2)) < 1e-9, l['id']
                # an echo of the question must not pass the judge: no number written in it lies within tolerance
                near = [x for x in numbers_in(l['question']) if abs(x - e['value']) <= e['tolerance']]
                assert not near, f'{l["id"]}: the question itself writes {near}'
                for k, x in r.get('misreadings', {}).items():
                    assert abs(x - e['value']) > e['tolerance'], (l['id'], k)
        else:
            assert len(e['reason']) >= 3 and l.get('why'), l['id']
        assert l['definition']
    refuse = [l for l in lines if l['expect']['kind'] == 'refuse']
    assert len(refuse) == 18 and len({l['computation_id'] for l in refuse}) == 9
    controls = [l for l in lines if l['family'] in CONTROL_FAMILIES]
    assert len(controls) == 28, len(controls)
    assert min(hab.values()) >= 10 and max(hab.values()) <= 11, hab
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
