#!/usr/bin/env bash
# make-demo-media.sh: generates Reelpay's demo media with ffmpeg.
#
# Why this exists: the seed (`npm run seed`, and `npm run dev` on an empty local database) needs real,
# playable media for the demo creators ava@example.com and ben@example.com, the e2e tests need tiny
# upload fixtures, and the demo ad settings need a sample ad clip and VAST feed. All of it is synthetic
# (ffmpeg test sources and generated tones), so there is nothing to license and nothing to download.
#
# The output is generated ONCE and committed to the repository. Nothing at build, seed or test time runs
# this script. Re-run it only when you want to change the demo media; it is idempotent (it rebuilds
# everything it owns from scratch) and deterministic apart from encoder-version differences.
#
# Writes (paths relative to the repository root):
#   seed/media/*.mp4, seed/media/*.mp3   12 items per creator (8 videos and 4 audio tracks each)
#   seed/media/thumbs/*.jpg              one 640x360 JPEG thumbnail per item
#   seed/demo-content.json               the manifest the seed reads (ids, titles, tags, sizes, durations)
#   e2e/fixtures/tiny.mp4, tiny.mp3, thumb.jpg, not-media.mp4
#   public/ads/sample-ad.mp4, sample-vast.xml, broken-vast.xml
#
# Requires: bash, ffmpeg and ffprobe (libx264, libmp3lame, aac; drawtext is used when available).
# Usage: scripts/make-demo-media.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

for tool in ffmpeg ffprobe; do
  command -v "$tool" >/dev/null || { echo "error: $tool is required" >&2; exit 1; }
done

MEDIA=seed/media
THUMBS=$MEDIA/thumbs
MANIFEST=seed/demo-content.json
FIXTURES=e2e/fixtures
ADS=public/ads

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# ---------------------------------------------------------------------------------------------------
# Common encoder settings
# ---------------------------------------------------------------------------------------------------
FF=(ffmpeg -hide_banner -loglevel error -nostdin -y)
BITEXACT=(-fflags +bitexact -flags:v +bitexact -flags:a +bitexact -map_metadata -1)
X264=(-c:v libx264 -threads 1 -profile:v main -preset slow -crf 32 -pix_fmt yuv420p -r 24 -g 48 -movflags +faststart)
AAC=(-c:a aac -b:a 32k -ac 1 -ar 44100)
# Videos stay under 250 KB: CRF sets the quality, and a VBV cap scaled to the duration stops busy sources
# (fractals, cellular automata) from blowing the size budget. Usage: "${X264[@]}" $(vbv_for SECONDS)
vbv_for() {
  local kbps
  kbps=$(awk -v d="$1" 'BEGIN{ k = (215 - 4 * d) * 8 / d; if (k > 400) k = 400; printf "%d", k }')
  echo "-maxrate ${kbps}k -bufsize $((kbps * 2))k"
}
MP3=(-c:a libmp3lame -b:a 64k -ac 1 -ar 44100 -id3v2_version 3 -write_xing 1)

# Text overlays: only when drawtext exists. A bundled-with-the-OS font is preferred; otherwise drawtext
# falls back to fontconfig's default.
HAVE_DRAWTEXT=0
FILTERS=$(ffmpeg -hide_banner -filters 2>/dev/null || true)
if grep -qw drawtext <<<"$FILTERS"; then HAVE_DRAWTEXT=1; fi
FONT=""
if [ "$HAVE_DRAWTEXT" = 1 ]; then
  for f in /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf \
           /usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf \
           /usr/share/fonts/TTF/DejaVuSans-Bold.ttf \
           /Library/Fonts/Arial\ Bold.ttf; do
    if [ -f "$f" ]; then FONT=$f; break; fi
  done
  if [ -z "$FONT" ] && command -v fc-match >/dev/null; then
    FONT=$(fc-match -f '%{file}' 'sans:bold' 2>/dev/null || true)
  fi
  # A font path with filtergraph metacharacters would need escaping; just skip the explicit font then.
  case "$FONT" in *[:,\'\;\[\]\\]*) FONT="" ;; esac
else
  echo "note: ffmpeg has no drawtext filter; media will be made without text overlays" >&2
fi

# drawtext "text" "options"  -> prints ",drawtext=..." (or nothing without drawtext).
# Text goes through a file so that titles need no filtergraph escaping. (Called inside $(...), so the
# file name comes from mktemp, not from a counter.)
drawtext() {
  local text=$1 opts=$2
  [ "$HAVE_DRAWTEXT" = 1 ] || return 0
  local tf
  tf=$(mktemp "$TMP/text.XXXXXX")
  printf '%s' "$text" >"$tf"
  local font=""
  [ -n "$FONT" ] && font="fontfile=$FONT:"
  printf ',drawtext=%stextfile=%s:%s' "$font" "$tf" "$opts"
}

# ---------------------------------------------------------------------------------------------------
# Manifest helpers
# ---------------------------------------------------------------------------------------------------
json_str() {
  local s=$1
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  printf '"%s"' "$s"
}

json_tags() {
  local IFS=','
  local out="" t
  for t in $1; do
    [ -n "$out" ] && out+=", "
    out+=$(json_str "$t")
  done
  printf '[%s]' "$out"
}

duration_ms() {
  ffprobe -v error -show_entries format=duration -of default=noprint_wrappers=1:nokey=1 "$1" |
    awk '{ printf "%d", $1 * 1000 + 0.5 }'
}

file_size() { wc -c <"$1" | tr -d ' '; }

MANIFEST_ENTRIES=()

add_entry() { # id creator title desc tags type file thumb
  local id=$1 creator=$2 title=$3 desc=$4 tags=$5 type=$6 file=$7 thumb=$8 created=$9
  local ctype=video/mp4
  [ "$type" = audio ] && ctype=audio/mpeg
  MANIFEST_ENTRIES+=("$(printf '  {\n    "id": %s,\n    "creator": %s,\n    "title": %s,\n    "description": %s,\n    "tags": %s,\n    "type": %s,\n    "file": %s,\n    "thumbnail": %s,\n    "content_type": %s,\n    "size": %s,\n    "duration_ms": %s,\n    "created_at": %s\n  }' \
    "$(json_str "$id")" "$(json_str "$creator")" "$(json_str "$title")" "$(json_str "$desc")" \
    "$(json_tags "$tags")" "$(json_str "$type")" "$(json_str "$file")" "$(json_str "$thumb")" \
    "$(json_str "$ctype")" "$(file_size "$file")" "$(duration_ms "$file")" "$(json_str "$created")")")
}

handle_of() { case "$1" in ava@*) echo "@ava" ;; ben@*) echo "@ben" ;; *) echo "@${1%%@*}" ;; esac; }
artist_of() { case "$1" in ava@*) echo "Ava" ;; ben@*) echo "Ben" ;; *) echo "${1%%@*}" ;; esac; }

# ---------------------------------------------------------------------------------------------------
# Item builders
# ---------------------------------------------------------------------------------------------------

# video ID CREATED CREATOR NAME DURATION_S "TITLE" "DESCRIPTION" "tag,tag" "LAVFI VIDEO SOURCE" TONE_HZ
video() {
  local id=$1 created=$2 creator=$3 name=$4 dur=$5 title=$6 desc=$7 tags=$8 src=$9 tone=${10}
  local out=$MEDIA/$name.mp4 thumb=$THUMBS/$name.jpg handle
  handle=$(handle_of "$creator")
  local vf="scale=480:270,setsar=1,fps=24,format=yuv420p"
  vf+=$(drawtext "$title" "expansion=none:fontsize=24:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=8:x=16:y=h-th-20")
  vf+=$(drawtext "$handle · Reelpay demo" "expansion=none:fontsize=14:fontcolor=white:box=1:boxcolor=black@0.45:boxborderw=5:x=16:y=14")
  vf+=$(drawtext "%{pts:hms}" "fontsize=14:fontcolor=white:box=1:boxcolor=black@0.45:boxborderw=5:x=w-tw-16:y=14")
  # A quiet, gently pulsing tone so the audio track is real but unobtrusive.
  local asrc="aevalsrc='0.06*sin(2*PI*$tone*t)*(0.75+0.25*sin(2*PI*0.5*t))+0.03*sin(2*PI*$tone*1.5*t)':s=44100:d=$dur"
  "${FF[@]}" -f lavfi -i "$src" -f lavfi -i "$asrc" -t "$dur" \
    -vf "$vf" -af "afade=t=in:d=0.3,afade=t=out:st=$(awk "BEGIN{print $dur-0.5}"):d=0.5" \
    "${X264[@]}" $(vbv_for "$dur") "${AAC[@]}" "${BITEXACT[@]}" "$out"
  local at
  at=$(awk -v d="$(duration_ms "$out")" 'BEGIN{ t = d / 2000; if (t > 2) t = 2; printf "%.3f", t }')
  "${FF[@]}" -ss "$at" -i "$out" -frames:v 1 -vf "scale=640:360:flags=bicubic,setsar=1" -q:v 4 \
    "${BITEXACT[@]}" -update 1 "$thumb"
  add_entry "$id" "$creator" "$title" "$desc" "$tags" video "$out" "$thumb" "$created"
  printf '  %-45s %6s bytes\n' "$out" "$(file_size "$out")"
}

# audio ID CREATED CREATOR NAME DURATION_S "TITLE" "DESCRIPTION" "tag,tag" "LAVFI AUDIO GRAPH" COVER_C0 COVER_C1
audio() {
  local id=$1 created=$2 creator=$3 name=$4 dur=$5 title=$6 desc=$7 tags=$8 src=$9 c0=${10} c1=${11}
  local out=$MEDIA/$name.mp3 thumb=$THUMBS/$name.jpg handle artist
  handle=$(handle_of "$creator")
  artist=$(artist_of "$creator")
  "${FF[@]}" -f lavfi -i "$src" -t "$dur" \
    -af "afade=t=in:d=0.2,afade=t=out:st=$(awk "BEGIN{print $dur-0.8}"):d=0.8,alimiter=limit=0.9" \
    "${MP3[@]}" "${BITEXACT[@]}" \
    -metadata title="$title" -metadata artist="$artist" -metadata album="Reelpay demo" \
    -metadata genre="$(printf '%s' "${tags%%,*}")" "$out"
  # Cover: a two-colour gradient, the track's waveform and its title.
  local fc="[1:v]format=rgb24[bg];[0:a]aformat=channel_layouts=mono,showwavespic=s=600x150:colors=white[w];[bg][w]overlay=20:130:format=auto"
  fc+=$(drawtext "$title" "expansion=none:fontsize=34:fontcolor=white:shadowcolor=black@0.6:shadowx=2:shadowy=2:x=24:y=h-th-28")
  fc+=$(drawtext "♪ Audio · $handle" "expansion=none:fontsize=20:fontcolor=white:box=1:boxcolor=black@0.4:boxborderw=6:x=24:y=24")
  fc+=",format=yuvj420p[out]"
  "${FF[@]}" -i "$out" -f lavfi -i "gradients=s=640x360:c0=$c0:c1=$c1:x0=0:y0=0:x1=640:y1=360:n=2:seed=1:d=1:r=1" \
    -filter_complex "$fc" -map "[out]" -frames:v 1 -q:v 4 "${BITEXACT[@]}" -update 1 "$thumb"
  add_entry "$id" "$creator" "$title" "$desc" "$tags" audio "$out" "$thumb" "$created"
  printf '  %-45s %6s bytes\n' "$out" "$(file_size "$out")"
}

# Blocky sources (cellular automata) are rendered at quarter size and scaled up with nearest neighbour:
# the big pixels look intentional and compress far better than full-resolution noise.
BLOCKY="scale=480:270:flags=neighbor"

# ---------------------------------------------------------------------------------------------------
# Demo content (oldest first; the ULIDs encode created_at, so they sort the same way)
# ---------------------------------------------------------------------------------------------------
rm -rf "$MEDIA"
mkdir -p "$MEDIA" "$THUMBS" "$FIXTURES" "$ADS"
echo "demo content -> $MEDIA"

AVA=ava@example.com
BEN=ben@example.com

video 01M5EV0NM05P4GYKH7GPCE5B3X 2026-10-21T09:00:00Z $AVA ava-sunset-drive 12 \
  "Sunset Drive" \
  "Coastal highway at golden hour, set to a slow synthwave pulse. Windows down, no destination." \
  "synthwave,travel,sunset" \
  "gradients=s=480x270:r=24:c0=0xff6ec7:c1=0x7873f5:c2=0xffb347:n=3:speed=0.02:seed=11,drawgrid=w=48:h=27:t=1:c=0xff00ff@0.35" 220

video 01M5J0PVD89S03Z8EPGJ4F5G35 2026-10-22T14:37:13Z $BEN ben-knife-skills 7 \
  "Knife Skills in 7 Seconds" \
  "Julienne, brunoise and chiffonade, the fastest kitchen lesson you will ever watch." \
  "cooking,kitchen,tutorial" \
  "testsrc2=s=480x270:r=24" 330

video 01M5MZH9YGJS0SDJ5WFHR4H83Y 2026-10-23T18:14:26Z $AVA ava-tidepool-fractals 15 \
  "Tidepool Fractals" \
  "Zooming into the spirals of a rock pool at low tide. Nature keeps repeating itself." \
  "nature,ocean,macro" \
  "mandelbrot=s=480x270:r=24:start_x=-0.743643887037151:start_y=0.13182590420533:start_scale=3:end_scale=0.02:end_pts=360:maxiter=256:outer=normalized_iteration_count,hue=h=170" 262

audio 01M5PW147R3125RKKV8D6X4NEM 2026-10-24T11:51:39Z $BEN ben-lofi-rainy-study 18 \
  "Rainy Study Session" \
  "Lo-fi beat for deep work: a soft kick, dusty hats and a minor seventh pad. Loop it while you code." \
  "lofi,beats,study" \
  "aevalsrc='0.55*sin(2*PI*52*mod(t,0.8))*exp(-9*mod(t,0.8)) + 0.07*(2*random(0)-1)*exp(-35*mod(t+0.4,0.8)) + 0.055*sin(PI*mod(t,3.2)/3.2)*if(lt(mod(t,6.4),3.2), sin(2*PI*220*t)+sin(2*PI*261.63*t)+sin(2*PI*329.63*t)+sin(2*PI*392*t), sin(2*PI*174.61*t)+sin(2*PI*220*t)+sin(2*PI*261.63*t)+sin(2*PI*329.63*t))':s=44100:d=18,lowpass=f=2800" \
  0x2b2d42 0x8d99ae

video 01M5TC0WX0E9SZ40JCATPRB3DJ 2026-10-25T20:28:52Z $AVA ava-northern-lights 10 \
  "Northern Lights over Tromsø" \
  "Ten seconds of aurora dancing over the fjord, shot from a frozen beach at 2 a.m." \
  "travel,nature,norway,night" \
  "gradients=s=480x270:r=24:type=radial:c0=0x00ff99:c1=0x6a0dad:c2=0x001133:n=3:speed=0.03:seed=7" 196

video 01M5Y68DV80B8DA6M2GHT0BQGT 2026-10-27T08:05:05Z $BEN ben-sourdough-basics 14 \
  "Sourdough Basics: the Fold" \
  "Stretch, fold, rest, repeat. How to build gluten strength without kneading." \
  "cooking,baking,bread" \
  "gradients=s=480x270:r=24:type=spiral:c0=0xf3d9b1:c1=0xa0522d:c2=0xfff5e1:n=3:speed=0.015:seed=3" 294

audio 01M61P86GGDSY907P1CBNZQJDH 2026-10-28T16:42:18Z $AVA ava-ocean-breeze 16 \
  "Ocean Breeze" \
  "Field recording mood: slow waves rolling onto a pebble beach. Good for sleep and focus." \
  "nature,ambient,ocean" \
  "anoisesrc=color=pink:amplitude=0.5:seed=42:r=44100:d=16,lowpass=f=900,tremolo=f=0.2:d=0.8" \
  0x0077b6 0x90e0ef

video 01M63X1KNRZG5BKJ9XN15MTY5Z 2026-10-29T13:19:31Z $BEN ben-mechanical-keyboard-build 9 \
  "Mechanical Keyboard Build" \
  "Lubing switches and tuning stabilizers on a 65% board. Thock test at the end." \
  "tech,keyboards,diy" \
  "smptebars=s=480x270:r=24,hue=H=2*PI*t/9" 349

video 01M6678WF0ZHTVCCV8S8RA3W9J 2026-10-30T10:56:44Z $AVA ava-desert-dunes-timelapse 18 \
  "Desert Dunes Timelapse" \
  "Wind reshaping the dunes of Erg Chebbi over one afternoon, compressed into a timelapse." \
  "travel,timelapse,desert" \
  "cellauto=s=120x68:r=8:rule=18:random_seed=5:random_fill_ratio=0.5,format=rgb24,lutrgb=r='110+val*127/255':g='70+val*131/255':b='40+val*135/255',$BLOCKY" 175

video 01M6C9NC48YK43ABHH3EZGYZJ7 2026-11-01T19:33:57Z $BEN ben-rust-in-sixty-seconds 6 \
  "Rust Ownership in 6 Seconds" \
  "Borrowing, moving and lifetimes explained faster than the compiler can complain." \
  "tech,programming,rust" \
  "cellauto=s=120x68:r=8:rule=30:random_seed=9:random_fill_ratio=0.3,format=rgb24,lutrgb=r='30+val*200/255':g='20+val*90/255':b='20+val*20/255',$BLOCKY" 392

audio 01M6F1J8TG5AJVTZ21N18A5M2K 2026-11-02T21:10:10Z $AVA ava-neon-grid-arpeggio 12 \
  "Neon Grid Arpeggio" \
  "A bright synthwave arpeggio over a pulsing bass line, straight out of an 80s night drive." \
  "synthwave,music,retro" \
  "aevalsrc='st(0,floor(mod(t*8,8))); st(1,220*pow(2,if(eq(ld(0),0),0,if(eq(ld(0),1),7,if(eq(ld(0),2),12,if(eq(ld(0),3),15,if(eq(ld(0),4),19,if(eq(ld(0),5),15,if(eq(ld(0),6),12,7))))))) / 12)); 0.16*sin(PI*mod(t*8,1))*(sin(2*PI*ld(1)*t)+0.5*sin(4*PI*ld(1)*t)+0.33*sin(6*PI*ld(1)*t)) + 0.22*sin(2*PI*55*t)*sin(PI*mod(t*2,1))':s=44100:d=12,lowpass=f=5000" \
  0xff00cc 0x3300ff

video 01M6GQ6BVRPSCGBT7WQWXX9MZC 2026-11-03T12:47:23Z $BEN ben-ramen-from-scratch 20 \
  "Ramen from Scratch" \
  "Tonkotsu broth, tare, aroma oil and fresh noodles: the whole bowl in twenty seconds." \
  "cooking,japanese,noodles" \
  "mandelbrot=s=480x270:r=24:start_x=-0.7453:start_y=0.1127:start_scale=2.5:end_scale=0.05:end_pts=480:maxiter=200:outer=normalized_iteration_count,hue=h=20:s=1.3" 247

video 01M6JQ41S084V631TYFBDDP602 2026-11-04T07:24:36Z $AVA ava-forest-morning-walk 8 \
  "Forest Morning Walk" \
  "Moss, ferns and mist on an early walk through an old-growth forest." \
  "nature,forest,walking" \
  "life=s=120x68:r=6:seed=21:ratio=0.25:mold=6:life_color=0x7cfc00:death_color=0x0b2e13:mold_color=0x2e8b57,$BLOCKY" 208

video 01M6RP2NT82W8W5KSHSTJ2NN7E 2026-11-06T15:01:49Z $BEN ben-homelab-tour 11 \
  "Homelab Tour 2026" \
  "Three mini PCs, a NAS and too many blinking lights. What I self-host and why." \
  "tech,homelab,selfhosted" \
  "life=s=120x68:r=6:seed=4:ratio=0.12:mold=10:life_color=0x00ff41:death_color=0x000000:mold_color=0x003b00,$BLOCKY" 311

audio 01M6VHDE4GZRPB2QWNT2F1VH84 2026-11-07T17:38:02Z $BEN ben-coffee-shop-beats 10 \
  "Coffee Shop Beats" \
  "Warm Rhodes-style chords and a lazy swing groove, made for the first coffee of the day." \
  "lofi,beats,coffee" \
  "aevalsrc='0.5*sin(2*PI*60*mod(t,0.6667))*exp(-10*mod(t,0.6667)) + 0.06*(2*random(0)-1)*exp(-45*mod(t+0.22,0.3333)) + 0.06*exp(-1.2*mod(t,2.6667))*if(lt(mod(t,5.3333),2.6667), sin(2*PI*146.83*t)+sin(2*PI*174.61*t)+sin(2*PI*220*t)+sin(2*PI*261.63*t)+sin(2*PI*329.63*t), sin(2*PI*196*t)+sin(2*PI*246.94*t)+sin(2*PI*293.66*t)+sin(2*PI*349.23*t))':s=44100:d=10,lowpass=f=3200" \
  0x6f4e37 0xf4a261

video 01M6YKNR9RFNGJ44ZJCYMF2MXK 2026-11-08T22:15:15Z $AVA ava-kyoto-night-market 13 \
  "Kyoto Night Market" \
  "Lanterns, grilled mochi and neon signs after dark in Kyoto's backstreets." \
  "travel,japan,food,night" \
  "sierpinski=s=480x270:r=24:type=triangle:seed=8:jump=1,format=rgb24,lutrgb=r='20+val*0.9':g='10+val*0.25':b='60+val*0.6',hue=H=2*PI*t/6" 185

video 01M6ZVJCV0Q15ZNBS7GSD3ZXSB 2026-11-09T09:52:28Z $BEN ben-espresso-dial-in 16 \
  "Dialing In Espresso" \
  "Grind size, dose and yield: how I get a sweet, balanced shot from a new bag of beans." \
  "cooking,coffee,tutorial" \
  "gradients=s=480x270:r=24:type=circular:c0=0x3e2723:c1=0xd7a86e:c2=0xfff3e0:n=3:speed=0.02:seed=5" 277

audio 01M73JDWR8D26H9KYM54KF1QD8 2026-11-10T20:29:41Z $AVA ava-midnight-highway 20 \
  "Midnight Highway" \
  "Slow synthwave pads and a driving bass for empty roads and city lights." \
  "synthwave,music,night" \
  "aevalsrc='st(0,floor(mod(t/5,4))); st(1,if(eq(ld(0),0),110,if(eq(ld(0),1),87.31,if(eq(ld(0),2),130.81,98)))); 0.09*sin(PI*mod(t/5,1))*(sin(2*PI*ld(1)*2*t)+sin(2*PI*ld(1)*2.52*t)+sin(2*PI*ld(1)*3*t)+0.5*sin(2*PI*ld(1)*4.01*t)) + 0.25*sin(2*PI*ld(1)/2*t)*sin(PI*mod(t*4,1))':s=44100:d=20,lowpass=f=2500" \
  0x14213d 0xfca311

video 01M77TEPSGB3SDGSED71B65WP0 2026-11-12T12:06:54Z $BEN ben-raspberry-pi-weather-station 7 \
  "Raspberry Pi Weather Station" \
  "A solar-powered Pi, three sensors and a tiny dashboard that tells me when to water the basil." \
  "tech,raspberrypi,diy" \
  "colorchart=patch_size=80x80:preset=reference:r=24,scale=480:270,scroll=h=0.01:v=0.004" 370

video 01M7AWN6BRGC8FF13K74Q84HST 2026-11-13T16:43:07Z $AVA ava-alpine-lake 19 \
  "Alpine Lake Reflections" \
  "A still morning at a glacier lake in the Dolomites. Peaks mirrored perfectly in the water." \
  "travel,nature,mountains" \
  "colorspectrum=s=480x270:r=24:type=all,scroll=h=0.004,eq=saturation=0.6,colorbalance=bs=0.3:bm=0.2" 233

audio 01M7E5S7S0G4XQF43HCX8SFC7X 2026-11-14T23:20:20Z $BEN ben-late-night-debugging 8 \
  "Late Night Debugging" \
  "A short minimal loop of soft bleeps for that 2 a.m. stack-trace staring session." \
  "lofi,programming,ambient" \
  "aevalsrc='st(0,floor(mod(t*4,8))); st(1,329.63*pow(2,if(eq(ld(0),0),0,if(eq(ld(0),1),3,if(eq(ld(0),2),5,if(eq(ld(0),3),7,if(eq(ld(0),4),10,if(eq(ld(0),5),7,if(eq(ld(0),6),3,-2))))))) / 12)); 0.2*sin(PI*mod(t*4,1))*exp(-3*mod(t*4,1))*sin(2*PI*ld(1)*t) + 0.4*sin(2*PI*48*mod(t,1))*exp(-12*mod(t,1))':s=44100:d=8,lowpass=f=4000" \
  0x0d1b2a 0x00b4d8

video 01M7G94SA84Z345MF9SKVRC7G7 2026-11-15T18:57:33Z $AVA ava-retrowave-city 6 \
  "Retrowave City" \
  "Six seconds of neon skyline. Loop it as your background." \
  "synthwave,city,retro" \
  "testsrc=s=480x270:r=24,edgedetect=mode=colormix:high=0.2,hue=H=2*PI*t/3:s=3" 185

audio 01M7MA9W3GVT47Z7KY0CHGPV2F 2026-11-17T08:34:46Z $AVA ava-rain-on-the-tent 14 \
  "Rain on the Tent" \
  "Steady rain on canvas from a campsite in the Scottish Highlands. Recorded for sleep." \
  "nature,ambient,rain,camping" \
  "anoisesrc=color=white:amplitude=0.35:seed=7:r=44100:d=14,highpass=f=900,lowpass=f=6000" \
  0x2f3e46 0x84a98c

audio 01M7Q5PF0RFVC7YX11EMG8HAYN 2026-11-18T11:11:59Z $BEN ben-sunday-chill-beats 15 \
  "Sunday Chill Beats" \
  "A bossa-tinged lo-fi loop with a walking bass. Pancakes optional." \
  "lofi,beats,chill" \
  "aevalsrc='st(0,floor(mod(t*1.6667,4))); st(1,if(eq(ld(0),0),65.41,if(eq(ld(0),1),82.41,if(eq(ld(0),2),110,98)))); 0.35*sin(2*PI*ld(1)*t)*sin(PI*mod(t*1.6667,1)) + 0.05*exp(-2*mod(t,2.4))*if(lt(mod(t,4.8),2.4), sin(2*PI*261.63*t)+sin(2*PI*329.63*t)+sin(2*PI*392*t)+sin(2*PI*493.88*t), sin(2*PI*220*t)+sin(2*PI*261.63*t)+sin(2*PI*329.63*t)+sin(2*PI*392*t)) + 0.05*(2*random(0)-1)*exp(-50*mod(t,0.3))':s=44100:d=15,lowpass=f=3500" \
  0xffafcc 0xa2d2ff

# Write the manifest.
{
  echo "["
  for i in "${!MANIFEST_ENTRIES[@]}"; do
    if [ "$i" -lt $((${#MANIFEST_ENTRIES[@]} - 1)) ]; then
      printf '%s,\n' "${MANIFEST_ENTRIES[$i]}"
    else
      printf '%s\n' "${MANIFEST_ENTRIES[$i]}"
    fi
  done
  echo "]"
} >"$MANIFEST"
echo "  $MANIFEST (${#MANIFEST_ENTRIES[@]} items)"

# ---------------------------------------------------------------------------------------------------
# e2e fixtures
# ---------------------------------------------------------------------------------------------------
echo "e2e fixtures -> $FIXTURES"
"${FF[@]}" -f lavfi -i "testsrc2=s=320x180:r=24" -f lavfi -i "sine=f=440:sample_rate=44100:d=3" -t 3 \
  -vf "format=yuv420p$(drawtext "tiny fixture" "expansion=none:fontsize=18:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=4:x=10:y=h-th-10")" \
  -af "volume=0.1" "${X264[@]}" "${AAC[@]}" "${BITEXACT[@]}" "$FIXTURES/tiny.mp4"
"${FF[@]}" -f lavfi -i "sine=f=523.25:sample_rate=44100:d=3" -t 3 -af "volume=0.2" \
  "${MP3[@]}" "${BITEXACT[@]}" -metadata title="Tiny fixture" -metadata artist="Reelpay tests" "$FIXTURES/tiny.mp3"
"${FF[@]}" -f lavfi -i "smptebars=s=320x180" -frames:v 1 -q:v 6 "${BITEXACT[@]}" -update 1 "$FIXTURES/thumb.jpg"
cat >"$FIXTURES/not-media.mp4" <<'EOF'
This is a plain text file with an .mp4 name. It is not a video.
Uploads must reject it: the first bytes are not an MP4 "ftyp" box.
EOF
for f in tiny.mp4 tiny.mp3 thumb.jpg not-media.mp4; do
  printf '  %-45s %6s bytes\n' "$FIXTURES/$f" "$(file_size "$FIXTURES/$f")"
done

# ---------------------------------------------------------------------------------------------------
# Sample ad clip and VAST feeds
# ---------------------------------------------------------------------------------------------------
echo "sample ad -> $ADS"
AD_VF="format=yuv420p"
AD_VF+=$(drawtext "SAMPLE AD" "expansion=none:fontsize=64:fontcolor=white:borderw=4:bordercolor=0xd00060:x=(w-tw)/2:y=(h-th)/2-30")
AD_VF+=$(drawtext "Your brand here · example.com/sponsor" "expansion=none:fontsize=20:fontcolor=black:box=1:boxcolor=white@0.85:boxborderw=8:x=(w-tw)/2:y=(h/2)+40")
AD_VF+=$(drawtext "Ad · %{eif:ceil(6-t):d}" "fontsize=16:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=5:x=w-tw-12:y=12")
"${FF[@]}" -f lavfi -i "gradients=s=480x270:r=24:c0=0xffd400:c1=0xff3d7f:c2=0x00e5ff:n=3:speed=0.06:seed=99" \
  -f lavfi -i "aevalsrc='0.15*sin(PI*mod(t*4,1))*sin(2*PI*(523.25*pow(2,mod(floor(t*4),4)*4/12))*t)':s=44100:d=6" -t 6 \
  -vf "$AD_VF" -af "afade=t=out:st=5.5:d=0.5" "${X264[@]}" "${AAC[@]}" "${BITEXACT[@]}" "$ADS/sample-ad.mp4"
AD_KBPS=$(awk -v s="$(file_size "$ADS/sample-ad.mp4")" 'BEGIN{ printf "%d", s * 8 / 6 / 1000 + 0.5 }')

cat >"$ADS/sample-vast.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!-- Reelpay demo ad feed (generated by scripts/make-demo-media.sh). Relative URLs are resolved against the page origin. -->
<VAST version="3.0">
  <Ad id="reelpay-sample-ad" sequence="1">
    <InLine>
      <AdSystem version="1.0">Reelpay Demo</AdSystem>
      <AdTitle>Sample Ad</AdTitle>
      <Description>A six-second sample pre-roll for local development and tests.</Description>
      <Advertiser>Example Sponsor</Advertiser>
      <Error><![CDATA[/api/ads/track?event=error&ad=reelpay-sample-ad&position=[BREAKPOSITION]&cb=[CACHEBUSTING]]]></Error>
      <Impression id="reelpay-demo"><![CDATA[/api/ads/track?event=impression&ad=reelpay-sample-ad&position=[BREAKPOSITION]&cb=[CACHEBUSTING]]]></Impression>
      <Creatives>
        <Creative id="reelpay-sample-creative" sequence="1" AdID="reelpay-sample-ad">
          <Linear skipoffset="00:00:03">
            <Duration>00:00:06</Duration>
            <TrackingEvents>
              <Tracking event="start"><![CDATA[/api/ads/track?event=start&ad=reelpay-sample-ad&position=[BREAKPOSITION]&cb=[CACHEBUSTING]]]></Tracking>
              <Tracking event="firstQuartile"><![CDATA[/api/ads/track?event=firstQuartile&ad=reelpay-sample-ad&position=[BREAKPOSITION]&cb=[CACHEBUSTING]]]></Tracking>
              <Tracking event="midpoint"><![CDATA[/api/ads/track?event=midpoint&ad=reelpay-sample-ad&position=[BREAKPOSITION]&cb=[CACHEBUSTING]]]></Tracking>
              <Tracking event="thirdQuartile"><![CDATA[/api/ads/track?event=thirdQuartile&ad=reelpay-sample-ad&position=[BREAKPOSITION]&cb=[CACHEBUSTING]]]></Tracking>
              <Tracking event="complete"><![CDATA[/api/ads/track?event=complete&ad=reelpay-sample-ad&position=[BREAKPOSITION]&cb=[CACHEBUSTING]]]></Tracking>
              <Tracking event="skip"><![CDATA[/api/ads/track?event=skip&ad=reelpay-sample-ad&position=[BREAKPOSITION]&cb=[CACHEBUSTING]]]></Tracking>
            </TrackingEvents>
            <VideoClicks>
              <ClickThrough id="reelpay-sponsor"><![CDATA[https://example.com/sponsor]]></ClickThrough>
              <ClickTracking id="reelpay-click"><![CDATA[/api/ads/track?event=click&ad=reelpay-sample-ad&position=[BREAKPOSITION]&cb=[CACHEBUSTING]]]></ClickTracking>
            </VideoClicks>
            <MediaFiles>
              <MediaFile id="reelpay-sample-ad-480" delivery="progressive" type="video/mp4" width="480" height="270" bitrate="$AD_KBPS" scalable="true" maintainAspectRatio="true"><![CDATA[/ads/sample-ad.mp4]]></MediaFile>
            </MediaFiles>
          </Linear>
        </Creative>
      </Creatives>
    </InLine>
  </Ad>
</VAST>
EOF

# Deliberately malformed (unclosed elements, a bare ampersand, a mismatched tag) for error-path tests.
cat >"$ADS/broken-vast.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<!-- Deliberately invalid XML for error-handling tests. Do not fix. -->
<VAST version="3.0">
  <Ad id="broken">
    <InLine>
      <AdTitle>Broken & unterminated</AdTitle>
      <Creatives>
        <Creative>
          <Linear>
            <Duration>00:00:06</Duratio>
            <MediaFiles>
              <MediaFile delivery="progressive" type="video/mp4" width="480" height="270"><![CDATA[/ads/sample-ad.mp4
EOF
for f in sample-ad.mp4 sample-vast.xml broken-vast.xml; do
  printf '  %-45s %6s bytes\n' "$ADS/$f" "$(file_size "$ADS/$f")"
done

# ---------------------------------------------------------------------------------------------------
# Total
# ---------------------------------------------------------------------------------------------------
TOTAL=$(cat "$MEDIA"/*.mp4 "$MEDIA"/*.mp3 "$THUMBS"/*.jpg "$MANIFEST" \
  "$FIXTURES"/tiny.mp4 "$FIXTURES"/tiny.mp3 "$FIXTURES"/thumb.jpg "$FIXTURES"/not-media.mp4 \
  "$ADS"/sample-ad.mp4 "$ADS"/sample-vast.xml "$ADS"/broken-vast.xml | wc -c | tr -d ' ')
LIMIT=$((8 * 1024 * 1024))
echo "total: $TOTAL bytes ($(awk -v t="$TOTAL" 'BEGIN{ printf "%.2f", t / 1048576 }') MiB; limit 8 MiB)"
if [ "$TOTAL" -ge "$LIMIT" ]; then
  echo "error: generated media exceeds 8 MiB" >&2
  exit 1
fi
