#!/usr/bin/env python3
"""Build development set 12 (tests/dev-questions/questions-dev-12.jsonl) from references-12.json.

Set 12 is about HOW ANALYSTS WRITE CONDITIONS, EXCLUSIONS AND REGIONS. 110 questions = 55 computations x 2
phrasings in two different wording habits; 8 computations (16 questions) must be refused because the data cannot
answer them or the condition is undefined; 11 computations (22 questions) are controls from ordinary families (plain
statistics, a comparison, a count of dates, a period) written with the same exclusion words. Written blind (the
READMEs of ../shared/fixtures, ../shared/benchmarks, ../heldout and this folder, the judge in ../heldout/harness.ts
and the data; set 11's two scripts read for their structure only). Habits: formal, terse, typos, nonnative, context,
email, locale, chat, checklist, dictated, fillin (10 each; `pseudocode` not used).

Run from the project root: /usr/bin/python3 tests/dev-questions/build_questions_12.py
"""
import glob
import json
import os
import re
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.environ.get('RSURE_SHARED') or os.path.normpath(os.path.join(HERE, '..', '..', '..', 'shared'))
REFS = json.load(open(os.path.join(HERE, 'references-12.json')))
OUT = os.path.join(HERE, 'questions-dev-12.jsonl')
HARNESS = os.path.join(HERE, '..', 'heldout', 'harness.ts')

Q46 = 'benchmarks/earthbench-q46/files'
LSD = 'fixtures/landsat8_L1TP_016037_20170813'
DATES = sorted(REFS['_per_date'])


def q(d, *vs):
    return [f'{Q46}/Xinjiang_{d}_{v}.tif' for v in (vs or ('LST', 'NDVI'))]


def every(*vs):
    return [f for d in DATES for f in q(d, *vs)]


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


# ============================================================================================ negation
comp('ng1', 'negation', q('2019-06-26'),
     ('formal', 'For the Xinjiang scene of 26 June 2019, what is the mean land surface temperature in kelvin once the '
      'pixels whose NDVI is below 0.6 are left out? Pixels that have no NDVI value at all should be left out as well.',
      None),
     ('chat', 'ok next one\nxinjiang 2019-06-26, mean lst in K\nleave out every px with ndvi below 0.6\nand not counting '
      'the px that have no ndvi value either', None))
comp('ng2', 'negation', q('2019-08-13'),
     ('terse', 'xinjiang 2019-08-13: mean ndvi (0-1 values only) except where lst exceeds 310 K', None),
     ('nonnative', 'Please I need the mean NDVI of Xinjiang for 13 August 2019, apart from the pixels where the LST is '
      'more than 310 K. Only NDVI values between 0 and 1 are to use.', None))
comp('ng3', 'negation', q('2019-09-14'),
     ('checklist', 'Requirement:\n- data: Xinjiang LST and NDVI of 2019-09-14\n- preprocessing: treat every LST below '
      '300 K as no data\n- keep: pixels that still have a valid LST, and only 0 <= NDVI <= 1\n- statistic: mean NDVI',
      None),
     ('email', 'Hi Jonas,\n\nticket VEG-118: on the Xinjiang pair of 14 September 2019, please mask out every pixel whose '
      'LST is under 300 K (treat it as no data, like the pixels that have no LST anyway) and send me the mean NDVI of '
      'what remains, NDVI between 0 and 1 only. The 29 August files are in the folder too but are not needed.\n\n'
      'Thanks,\nPriya', q('2019-08-29')))
comp('ng4', 'negation', q('2019-10-16', 'NDVI'),
     ('dictated', 'how many pixels of the xinjiang n d v i image from the sixteenth of october twenty nineteen have an '
      'n d v i that is not below zero point two', None),
     ('typos', 'numbr of pixles in the xinjiang ndvi of 2019-10-16 whose ndvi is not less then 0.2? nodata not counted',
      None))
comp('ng5', 'negation', q('2019-09-14', 'LST'),
     ('locale', 'Xinjiang LST vom 14.09.2019 (TT.MM.JJJJ): wie viele gültige Pixel (how many valid pixels) liegen '
      'other than in the 295–305 K band? Die Grenzen 295 K und 305 K gehören zum ausgeschlossenen Band (both limits '
      'belong to the excluded band).', None),
     ('formal', 'Counting everything but the 295-305 K band, how many valid LST pixels does the Xinjiang scene of '
      '14 September 2019 hold? Pixels at exactly 295 K or exactly 305 K belong to the band and are therefore not '
      'counted.', None))
comp('ng6', 'negation', q('2019-07-12', 'LST'),
     ('context', 'We screen the 12 July 2019 Xinjiang LST for pixels that fall outside the 300-315 K band the irrigation '
      'model was calibrated on. What percentage of the valid LST pixels lie outside that band? Pixels at exactly 300 K '
      'or 315 K count as inside.', None),
     ('fillin', 'Fill in the blank: "On 2019-07-12, ___ % of the valid Xinjiang LST pixels lay outside 300–315 K '
      '(values exactly on 300 K or 315 K treated as inside the band)."', None))
comp('ng7', 'negation', q('2019-06-10'),
     ('terse', 'xinjiang 2019-06-10: mean ndvi (0..1 only), sans the px colder than 25 °C in the lst, px w/o any lst '
      'dropped too', None),
     ('dictated', 'mean n d v i of the xinjiang scene of june tenth twenty nineteen without the pixels colder than '
      'twenty five degrees celsius and without the pixels that have no l s t value counting only n d v i between zero '
      'and one', None))
comp('ng8', 'negation', q('2019-07-12'),
     ('formal', 'Using none of the pixels where the LST is 310 K or higher, what is the mean NDVI of the Xinjiang scene '
      'of 12 July 2019? Consider only pixels that have a valid LST and an NDVI between 0 and 1.', None),
     ('chat', 'xinjiang 12 jul 2019\nmean ndvi, 0-1 values only\nnone of the px where lst >= 310 K\nand only px that '
      'actually have an lst value', None))

# ================================================================================= units in thresholds
comp('u1', 'units in thresholds', q('2019-07-28'),
     ('nonnative', 'What is the mean NDVI on Xinjiang 28 July 2019 if we filter to the pixels with LST at least '
      '36.85 °C? NDVI only from 0 to 1, please.', None),
     ('locale', 'Mittlerer NDVI (mean NDVI) am 28.07.2019 (TT.MM.JJJJ), Xinjiang, nur Pixel mit LST ≥ 36,85 °C (LST at '
      'least 36,85 °C, the value itself included); NDVI nur zwischen 0 und 1.', None))
comp('u2', 'units in thresholds', q('2019-08-13', 'LST'),
     ('email', 'Hello Marta,\n\nfor the heat-risk ticket HR-77 I need the number of valid LST pixels in the 13 August '
      '2019 Xinjiang scene whose LST is not exceeding 98.33 °F. Due Thursday. The NDVI file of that date is attached '
      'but not needed.\n\nBest,\nLeo', q('2019-08-13', 'NDVI')),
     ('checklist', '- data: Xinjiang LST, 2019-08-13\n- condition: LST a maximum of 98.33 °F (pixels equal to it '
      'included)\n- nodata: DN 0 ignored\n- output: pixel count', None))
comp('u3', 'units in thresholds', q('2019-11-01', 'LST'),
     ('typos', 'wht % of the valid lst pixles on 2019-11-01 (xinjiang) are strictly colder then 16.85 °C? exactly '
      '16.85 doesnt count', None),
     ('fillin', 'Caption draft: "Share of the valid pixels strictly below 62.33 °F on 1 Nov 2019 (Xinjiang LST): '
      '[X] %." Please give X.', None))

# ================================================================================== derived conditions
comp('d1', 'derived condition', q('2019-09-14'),
     ('formal', 'Restricting the analysis to pixels whose NDVI is strictly above 0.5, what is the mean LST, in kelvin, of '
      'the Xinjiang scene of 14 September 2019?', None),
     ('dictated', 'restrict to pixels with n d v i strictly above zero point five and give me the mean l s t in kelvin '
      'for the xinjiang scene of the fourteenth of september twenty nineteen', None))
comp('d2', 'derived condition', q('2019-07-28'),
     ('context', 'The drought desk flags wet spots with the TVDI, computed the benchmark way (dry and wet edges from the '
      'LST and NDVI of the same date). For the 28 July 2019 Xinjiang pair, what is the mean NDVI of the pixels whose '
      'TVDI is under 0.3?', None),
     ('terse', '2019-07-28 xinjiang: mean ndvi where tvdi < 0.3 (tvdi from that day\'s lst + ndvi)', None))
comp('d3', 'derived condition', q('2019-08-13'),
     ('checklist', '- data: Xinjiang LST + NDVI, 13 Aug 2019\n- condition 1: LST beyond 315 K (strictly, 315 K itself '
      'out)\n- condition 2: NDVI below 0.2\n- both conditions must hold\n- output: % of the valid LST pixels', None),
     ('nonnative', 'On 13 August 2019 in Xinjiang, how many percent of the valid LST pixels are at the same time hotter '
      'than 315 K (exactly 315 K is not counted) and with NDVI under 0.2?', None))
comp('d4', 'derived condition', q('2019-06-26'),
     ('typos', 'how many pixles on 2019-06-26 (xinjiang) have LST ≥ 315 K or NDVI ≥ 0.7? ether one is enuogh, even '
      'if the other layer is nodata ther', None),
     ('chat', 'xinjiang 26 june 2019\ncount px where lst >= 315 K OR ndvi >= 0.7\neither condition is enough, dont need '
      'both\na px with only one of the two layers still counts if that layer meets its condition', None))
comp('d5', 'derived condition', q('2019-08-29'),
     ('email', 'Hi Sven,\n\nre ticket TV-52: for 29 August 2019 (Xinjiang), please compute the TVDI the benchmark way '
      'and give me the mean LST in K of the pixels whose TVDI is strictly below 1, i.e. drop the pixels clipped at '
      'the dry edge. The 13 August files are not needed.\n\nCheers,\nAna', q('2019-08-13')),
     ('formal', 'For the Xinjiang LST and NDVI of 29 August 2019, compute the TVDI as in the benchmark and report the '
      'mean LST in kelvin over the pixels whose TVDI is strictly less than 1, the pixels pinned at TVDI = 1 being '
      'excluded.', None))
comp('d6', 'derived condition', q('2019-07-28'),
     ('fillin', 'Fill in: "Keeping just the pixels with NDVI between 0.4 and 0.5 inclusive, the mean LST on 28 July '
      '2019 (Xinjiang) was ___ K."', None),
     ('locale', 'Xinjiang, 28.07.2019 (TT.MM.JJJJ): only keep Pixel mit NDVI von 0,4 bis 0,5 (beide Grenzen '
      'inklusive, both limits included); mittlere LST (mean LST) in K?', None))

# ============================================================================================== bounds
comp('b1', 'bounds', q('2019-05-09', 'NDVI'),
     ('terse', 'count of xinjiang ndvi px at least 0.5 on 2019-05-09?', None),
     ('formal', 'How many pixels of the Xinjiang NDVI image of 9 May 2019 have an NDVI no less than 0.5?', None))
comp('b2', 'bounds', q('2019-09-14', 'LST'),
     ('nonnative', 'For Xinjiang 14 September 2019 I want the percent of the valid LST pixels which are up to and '
      'including 300 K.', None),
     ('dictated', 'what percentage of the valid l s t pixels of the xinjiang scene of september fourteenth twenty '
      'nineteen are at most three hundred kelvin', None))
comp('b3', 'bounds', q('2019-07-12', 'LST'),
     ('context', 'Heat-stress mapping for the 12 July 2019 Xinjiang scene uses a hard cut: only pixels in excess of '
      '315 K are flagged, and a pixel at exactly 315 K is not. How many pixels get flagged?', None),
     ('typos', 'numbr of valid lst pixels strictly abvoe 315 K on 2019-07-12, xinjiang?', None))
comp('b4', 'bounds', q('2019-10-16', 'NDVI'),
     ('checklist', 'Requirement:\n- data: Xinjiang NDVI, 16 Oct 2019\n- denominator: every pixel with an NDVI value '
      '(-32768 fill out, negative NDVI kept)\n- numerator: NDVI from 0.2 to 0.5, both ends in\n- output: percentage',
      None),
     ('chat', 'ndvi xinjiang 2019-10-16\nshare of px with ndvi from 0.2 to 0.5, ends included\nout of every px that has '
      'an ndvi value (fill out, negatives stay in)\nin %', None))
comp('b5', 'bounds', q('2019-11-01', 'LST'),
     ('formal', 'How many valid LST pixels of the Xinjiang scene of 1 November 2019 lie between 285 K and 290 K '
      'exclusive, that is, with neither endpoint included?', None),
     ('locale', 'Anzahl Pixel (number of pixels) mit LST zwischen 285 und 290 K, exklusiv (both ends excluded), '
      'Xinjiang, Aufnahme vom 01.11.2019 (Tag.Monat.Jahr)?', None))
comp('b6', 'bounds', q('2019-06-10', 'NDVI'),
     ('chat', 'xinjiang ndvi 10 june 2019\nhow many px\nwith ndvi ≥ 0.8', None),
     ('fillin', 'QA log line, fill the ??: "2019-06-10 | Xinjiang NDVI | px with NDVI >= 0.8 | ??"', None))

# ============================================================================================= regions
comp('r1', 'region', q('2019-08-13', 'LST'),
     ('email', 'Hi all,\n\nfor slide 6 of Friday\'s review (ticket RG-204) I need the mean LST in K of the 13 August 2019 '
      'Xinjiang scene over everything except the top-left quadrant, i.e. the other three quadrants together. The NDVI '
      'file is in the folder but not needed.\n\nThanks,\nKarin', q('2019-08-13', 'NDVI')),
     ('terse', 'xinjiang lst 2019-08-13, mean K, everything but the NW quadrant', None))
comp('r2', 'region', q('2019-07-12', 'NDVI'),
     ('dictated', 'split the xinjiang n d v i image of july twelfth twenty nineteen into a three by three grid and give '
      'me the mean n d v i of the centre cell counting only values between zero and one', None),
     ('nonnative', 'When I divide the Xinjiang NDVI of 12 July 2019 in 3 x 3 equal cells, what is the mean NDVI of the '
      'middle cell? Only NDVI from 0 to 1.', None))
comp('r3', 'region', q('2019-06-10', 'LST'),
     ('formal', 'Dividing the Xinjiang LST image of 10 June 2019 into a 3 x 3 grid of equal cells, what is the mean LST '
      'in kelvin outside the central cell, that is, over the eight surrounding cells together?', None),
     ('typos', 'mean lst (K) of xinjiang 2019-06-10 outsde the centre cell of a 3x3 grid - so the 8 border cells '
      'togther', None))
comp('r4', 'region', q('2019-05-25', 'LST'),
     ('checklist', '- data: Xinjiang LST, 25 May 2019\n- window: rows 1200-1239, cols 1900-1939 (0-based, both ends '
      'included)\n- statistic: mean LST in K', None),
     ('terse', 'mean lst K, xinjiang 2019-05-25, rows 1200..1239 x cols 1900..1939 (0-based, incl.)', None))
comp('r5', 'region', q('2019-09-14', 'NDVI'),
     ('fillin', 'Fill the TBD: "In the window rows 1501-1560, columns 1301-1360 (1-based, first row = row 1, ends '
      'included) of the 14 Sep 2019 Xinjiang NDVI, TBD pixels have an NDVI of 0.2 or more."', None),
     ('context', 'Our plot map numbers rows and columns from 1, the way the GIS desk\'s spreadsheet does. Plot P-7 '
      'covers rows 1501 to 1560 and columns 1301 to 1360 of the Xinjiang NDVI grid, ends included. On 14 September '
      '2019, how many pixels of that plot have an NDVI of 0.2 or more?', None))
comp('r6', 'region', q('2019-07-28', 'LST'),
     ('locale', 'Mittlere LST (mean LST) in K am 28.07.2019 (TT.MM.JJJJ), Xinjiang, nur im Rechteck (box) 87,60–87,70° '
      'O (E) und 43,70–43,80° N?', None),
     ('formal', 'Restricted to the box 87.60°E-87.70°E, 43.70°N-43.80°N, what is the mean LST in kelvin of the '
      'Xinjiang scene of 28 July 2019?', None))
comp('r7', 'region', q('2019-09-14', 'NDVI'),
     ('nonnative', 'What is the mean NDVI of Xinjiang on 14 September 2019 for all the image outside of the box '
      '87.55-87.75 E, 43.55-43.75 N? Please only NDVI between 0 and 1.', None),
     ('email', 'Dear Tom,\n\nticket OAS-31: the oasis box 87.55-87.75°E, 43.55-43.75°N is covered by another study, so '
      'for 14 September 2019 please give me the mean NDVI of the Xinjiang scene with that box left out (NDVI from 0 '
      'to 1 only). The LST of that date is not needed.\n\nKind regards,\nMira', q('2019-09-14', 'LST')))
comp('r8', 'region', q('2019-09-14', 'LST'),
     ('chat', 'xinjiang lst 14 sep 2019\nmean in K\nminus the western third of the image\nso the eastern two thirds '
      'together', None),
     ('context', 'The western third of our Xinjiang frame is mountains, which we leave out of the oasis statistics. For '
      'the 14 September 2019 LST, what is the mean in kelvin over the rest of the image, the eastern two thirds?',
      None))

# ========================================================================================== cloud-free
comp('c1', 'cloud-free', ls('B10', 'BQA'),
     ('terse', 'landsat 8 2017-08-13: mean band 10 BT in °C, minus the cloudy pixels (BQA bit 4) and the fill (bit 0)',
      None),
     ('email', 'Hi Grace,\n\nfor slide 3 (ticket LS-88) please send the mean band 10 brightness temperature in °C of the '
      'Landsat scene of 13 August 2017, with fill (BQA bit 0) and cloud (BQA bit 4) pixels excluded. Band 11 is in the '
      'folder but not needed.\n\nThanks,\nHugo', ls('B11')))
comp('c2', 'cloud-free', ls('B4', 'B5', 'BQA'),
     ('formal', 'What is the mean NDVI, (B5 - B4)/(B5 + B4) on TOA reflectance, of the Landsat 8 scene of 13 August 2017, '
      'with the exception of the fill pixels (BQA bit 0) and the cloud pixels (BQA bit 4)?', None),
     ('checklist', 'Requirement:\n- data: Landsat 8, 2017-08-13, bands 4 and 5 with the MTL\n- reflectance: TOA '
      '(MTL gain and offset, no sun-elevation correction)\n- mask out: fill (BQA bit 0) and cloud (BQA bit 4)\n- '
      'statistic: mean NDVI = (B5 - B4)/(B5 + B4)', None))
comp('c3', 'cloud-free', ls('BQA'),
     ('typos', 'landsat 2017-08-13: wat percent of the non-fill pixles (bqa bit 0 = 0) dont have the cloud bit (bit 4) '
      'set?', None),
     ('dictated', 'on the landsat scene of august thirteenth twenty seventeen what percentage of the pixels that are '
      'not fill have no cloud flag in b q a bit four with fill meaning b q a bit zero', None))
comp('c4', 'cloud-free', ls('B5', 'BQA'),
     ('nonnative', 'For Landsat 8 of 13 August 2017, I need the median of band 5 TOA reflectance (no sun elevation '
      'correction) when the cloud pixels (BQA bit 4) are treated like no data, and the fill (bit 0) also.', None),
     ('context', 'Cloud tops inflate the NIR statistics of the Charleston scene, so we treat cloudy pixels as no data. '
      'For the Landsat 8 scene of 13 August 2017, with BQA cloud (bit 4) and fill (bit 0) pixels treated as no data, '
      'what is the median band 5 TOA reflectance, without sun-elevation correction?', None))
comp('c5', 'cloud-free', ls('B10', 'BQA'),
     ('locale', 'Landsat 8 vom 13.08.2017 (TT.MM.JJJJ): mittlere Helligkeitstemperatur (mean brightness temperature) '
      'Band 10 in K, nur untere Bildhälfte (bottom half only), die obere Hälfte ignorieren (ignore the top half); '
      'Wolken (cloud, BQA Bit 4) und Fill (Bit 0) ausgeschlossen (excluded).', None),
     ('fillin', 'Fill in ___: "Over the clear pixels (BQA bits 0 and 4 both 0) of the southern half of the 2017-08-13 '
      'Landsat scene, ignoring the northern half, band 10 brightness temperature averaged ___ K."', None))

# ============================================================================ controls (ordinary families)
comp('k1', 'statistics', q('2019-05-09', 'LST'),
     ('typos', 'mean lst of xinjiang on 2019-05-09 in kelvin, ignoer the no-data pixles (DN 0)', None),
     ('locale', 'Mittelwert (mean) der LST am 09.05.2019 (TT.MM.JJJJ), Xinjiang, in K; NoData-Pixel (DN 0) ignorieren '
      '(ignore the no-data pixels).', None))
comp('k2', 'statistics', q('2019-08-29', 'NDVI'),
     ('checklist', '- data: Xinjiang NDVI, 2019-08-29\n- drop: the -32768 fill and every negative NDVI\n- statistic: '
      'mean NDVI', None),
     ('chat', 'ndvi xinjiang 29 aug 2019\nmean pls\ndrop the -32768 fill\nand drop the negative values too', None))
comp('k3', 'statistics', q('2019-07-12', 'LST'),
     ('dictated', 'how many pixels of the xinjiang l s t image of july twelfth twenty nineteen have a valid value not '
      'counting the no data pixels', None),
     ('email', 'Hi Omar,\n\nquick one for ticket QC-310: how many pixels of the 12 July 2019 Xinjiang LST file hold a '
      'value, not counting the no-data ones (DN 0)? The NDVI file is not needed.\n\nThanks,\nLea',
      q('2019-07-12', 'NDVI')))
comp('k4', 'statistics', q('2019-06-10', 'LST'),
     ('context', 'To size the colour ramp of our June poster we need the spread of the 10 June 2019 Xinjiang LST. '
      'Leaving the no-data pixels out, what is the population standard deviation (ddof = 0) of the LST in kelvin?',
      None),
     ('fillin', 'Fill the blank in the figure note: "LST on 2019-06-10 (Xinjiang), no-data excluded: population '
      'standard deviation ___ K."', None))
comp('k5', 'statistics', q('2019-03-06', 'LST'),
     ('locale', 'Anteil (share) der gültigen LST-Pixel unter 0 °C am 06.03.2019 (TT.MM.JJJJ), Xinjiang, in %; NoData '
      'nicht im Nenner (no-data not in the denominator).', None),
     ('terse', 'xinjiang 2019-03-06: % of lst px below 0 °C, nodata excluded from the denominator', None))
comp('k6', 'comparison', q('2019-08-13', 'LST') + q('2019-05-25', 'LST'),
     ('email', 'Hello Dana,\n\nfor ticket CMP-15 please send the mean LST of 13 August 2019 minus the mean LST of 25 May '
      '2019 (Xinjiang), in K, with each day\'s no-data pixels excluded. Due Wednesday; the NDVI files are not needed.'
      '\n\nRegards,\nIvo', q('2019-08-13', 'NDVI') + q('2019-05-25', 'NDVI')),
     ('dictated', 'mean l s t of the xinjiang scene of august thirteenth twenty nineteen minus the mean l s t of may '
      'twenty fifth twenty nineteen in kelvin with the no data pixels of each day left out', None))
comp('k7', 'comparison', q('2019-07-12', 'NDVI') + q('2019-04-07', 'NDVI'),
     ('nonnative', 'I want to know the mean NDVI of 12 July 2019 divided with the mean NDVI of 7 April 2019 (Xinjiang), '
      'w/o the negative NDVI values and w/o the nodata.', None),
     ('fillin', 'Fill [X]: "Mean NDVI (w/o negative values and fill) of the Xinjiang scene rose by a factor of [X] from '
      '7 April to 12 July 2019 (July divided by April)."', None))
comp('k8', 'count of dates', every('LST'),
     ('chat', 'xinjiang lst 2019 series\nhow many dates have a scene-mean lst below 280 K?\nother than the 3 dates with '
      'no valid lst at all, those dont count', None),
     ('checklist', '- data: Xinjiang LST, all 2019 acquisitions\n- exclude: dates without any valid LST pixel\n- per '
      'date: mean LST of the valid pixels\n- output: number of dates with that mean below 280 K', None))
comp('k9', 'count of dates', every('NDVI'),
     ('context', 'June is the irrigation month in our study area and distorts the greenness counts, so we keep it out. '
      'Across the 2019 Xinjiang NDVI dates except those in June, how many have a scene-mean NDVI (values 0 to 1 only) '
      'of 0.25 or more?', None),
     ('typos', 'how mnay 2019 xinjiang ndvi dates, exept the june ones, have a mean ndvi (0-1 only) of at leats 0.25?',
      None))
comp('k10', 'period', month_files([6, 7, 8], 'LST'),
     ('locale', 'Mittel der Szenenmittel (mean of the per-scene means) der LST im Sommer 01.06.–31.08.2019 (TT.MM.), '
      'Xinjiang, ohne die Aufnahme vom 12.07.2019 (without that scene), in K?', None),
     ('email', 'Hi Rui,\n\nticket SUM-9: the mean LST of summer 2019 (June-August) for Xinjiang, as the mean of the '
      'per-date means, excluding the 12 July scene (known geolocation problem). In K please, by Friday.\n\nThanks,\n'
      'Nina', None))
comp('k11', 'period', every('LST'),
     ('dictated', 'mean of the per date mean l s t of the xinjiang twenty nineteen series apart from the winter months '
      'december january and february in kelvin', None),
     ('nonnative', 'Please give the mean of the per-date mean LST for Xinjiang 2019 with the exception of the winter '
      'months (December, January, February), in K. Dates without valid LST are not taken.', None))

# ============================================================================================ refusals
comp('rf1', 'refuse', q('2019-07-28', 'NDVI'),
     ('context', 'Our cotton fields are drip-irrigated and we want them out of the greenness statistics. For the '
      'Xinjiang NDVI of 28 July 2019, what is the mean NDVI excluding the irrigated fields?', None),
     ('chat', 'xinjiang ndvi 28 jul 2019\nmean ndvi pls\nbut exclude the irrigated fields', None))
comp('rf2', 'refuse', q('2019-08-13', 'LST'),
     ('typos', 'mean lst on 2019-08-13 outsdie the city of urumqi? (xinjiang scene)', None),
     ('fillin', 'Fill ___: "Outside the Urumqi city limits, the mean LST on 13 August 2019 was ___ K (Xinjiang scene)."',
      None))
comp('rf3', 'refuse', q('2019-07-12', 'LST'),
     ('terse', 'xinjiang lst 2019-07-12, mean over the central area only', None),
     ('checklist', '- data: Xinjiang LST, 12 Jul 2019\n- region: the central area of the scene\n- statistic: mean '
      'LST, K', None))
comp('rf4', 'refuse', q('2019-06-26'),
     ('email', 'Hi Felix,\n\nfor ticket SM-41 could you give me the mean NDVI of 26 June 2019 (Xinjiang), leaving out '
      'every pixel whose soil moisture is above 0.25 m³/m³? Thanks!\n\nBest,\nEva', None),
     ('locale', 'Mittlerer NDVI (mean NDVI), Xinjiang 26.06.2019 (TT.MM.JJJJ), ohne (without) Pixel mit Bodenfeuchte '
      '(soil moisture) über 0,25 m³/m³?', None))
comp('rf5', 'refuse', ls('B4', 'B5', 'BQA'),
     ('checklist', '- data: Landsat 8 scene 2017-08-13 (B4, B5, BQA)\n- mask out: clouds (BQA bit 4), fill (bit 0) and '
      'the built-up area\n- statistic: mean TOA NDVI', None),
     ('typos', 'landsat 2017-08-13 mean toa ndvi, leave out the buildup areas and the clouds pls', None))
comp('rf6', 'refuse', q('2019-07-12', 'LST'),
     ('chat', 'lst xinjiang 12 july 2019\nmean in K\ndrop the outliers first', None),
     ('terse', 'xinjiang 2019-07-12 lst mean w/o outliers', None))
comp('rf7', 'refuse', q('2019-07-28'),
     ('dictated', 'what is the mean albedo of the xinjiang scene of july twenty eighth twenty nineteen leaving out the '
      'water pixels', None),
     ('nonnative', 'Please, the mean surface albedo of Xinjiang on 28 July 2019, excluding the water pixels where NDVI '
      'is negative?', None))
comp('rf8', 'refuse', q('2019-07-12', 'NDVI') + q('2019-07-28', 'NDVI'),
     ('fillin', 'Fill the ??: "Mean NDVI on 20 July 2019 (Xinjiang), negative values left out: ??"', None),
     ('context', 'A field visit took place on 20 July 2019 and we want to compare the plots with the satellite. Leaving '
      'out negative NDVI values, what was the mean NDVI of the Xinjiang scene on 20 July 2019?', None))

CONTROL_FAMILIES = {'statistics', 'comparison', 'count of dates', 'period'}
# computations whose question states an inclusive or exclusive bound that pixels lie on: the other reading must be
# recorded as a misreading (and so lie outside the tolerance)
BOUND_STATED = {'ng1', 'ng2', 'ng3', 'ng4', 'ng5', 'ng6', 'ng8', 'u1', 'u2', 'u3', 'd1', 'd3', 'd4', 'd5', 'd6',
                'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'r5'}
BOUND_KEYS = ('bound_swapped', 'ends_', 'inclusive', 'lower_in', 'upper_in', 'lower_end_only')


# ================================================================================================= build
def habits_in_harness():
    m = re.search(r"habit:\s*z\.enum\(\[([^\]]*)\]\)", open(HARNESS).read())
    assert m, 'habit enum not found in harness.ts'
    return set(re.findall(r"'([^']+)'", m.group(1)))


def earlier_phrasings():
    """Question texts of sets 1-11, read only to check mechanically that none is reused (no content is copied)."""
    out = set()
    for p in glob.glob(os.path.join(HERE, 'questions-dev*.jsonl')):
        if p.endswith('questions-dev-12.jsonl'):
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
                expect = {'kind': 'value', 'value': float(f'{v:.10g}'), 'tolerance': float(f'{r["tolerance"]:.6g}'),
                          'unit': r['unit']}
                rec = {'definition': r['definition'] + (f' Note: {r["note"]}' if r.get('note') else '')}
            line = {'id': f'dev12-{cid}#{i}', 'computation_id': f'dev12-{cid}', 'family': family, 'habit': habit,
                    'question': text, 'files': fl, 'expect': expect}
            line.update(rec)
            lines.append(line)

    # ---- checks
    ids = [l['id'] for l in lines]
    assert len(ids) == len(set(ids)), 'duplicate ids'
    norm = [' '.join(l['question'].lower().split()) for l in lines]
    assert len(norm) == len(set(norm)), 'duplicate phrasings'
    reused = set(norm) & earlier_phrasings()
    assert not reused, f'phrasings reused from sets 1-11: {reused}'
    assert len(lines) == 110 and len(C) == 55, (len(lines), len(C))
    assert set(C) == set(refs), f'references not used: {set(refs) - set(C)}; unknown: {set(C) - set(refs)}'
    enum = habits_in_harness()
    hab = Counter(l['habit'] for l in lines)
    assert set(hab) <= enum, f'habits missing from harness.ts: {set(hab) - enum}'
    want = {'formal', 'terse', 'typos', 'nonnative', 'context', 'email', 'locale', 'chat', 'checklist', 'dictated', 'fillin'}
    assert set(hab) == want, set(hab) ^ want
    assert all(n == 10 for n in hab.values()), hab
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
    for cid in BOUND_STATED:
        mk = refs[cid].get('misreadings', {})
        assert any(any(b in k for b in BOUND_KEYS) for k in mk), f'{cid}: the other reading of its bound is not recorded'
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
    controls = [l for l in lines if l['family'] in CONTROL_FAMILIES]
    assert len(controls) == 22, len(controls)
    with open(OUT, 'w') as f:
        for l in lines:
            f.write(json.dumps(l, ensure_ascii=False) + '\n')
    fam = Counter(l['family'] for l in lines)
    print(f'wrote {OUT}: {len(lines)} questions, {len(C)} computations')
    print('families:', dict(sorted(fam.items())))
    print('habits:', dict(sorted(hab.items())))
    print('kinds:', dict(Counter(l['expect']['kind'] for l in lines)))


if __name__ == '__main__':
    sys.exit(main())
