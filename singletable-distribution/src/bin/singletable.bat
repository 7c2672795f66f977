@echo off
rem singletable, the installed command on Windows: put this bin folder on the PATH. Needs Java 17 or newer
rem (%JAVA_HOME%\bin\java.exe, else java on the PATH). The embedded engine is packaged for Linux x64 only: elsewhere,
rem install Dynoxide (npm, Homebrew or Cargo) or pass --endpoint.
setlocal
set "SINGLETABLE_HOME=%~dp0.."
if defined JAVA_HOME (set "JAVA_EXE=%JAVA_HOME%\bin\java.exe") else (set "JAVA_EXE=java")
"%JAVA_EXE%" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC %SINGLETABLE_JAVA_OPTS% -cp "%SINGLETABLE_HOME%\lib\*" dev.singletable.cli.Main %*
exit /b %ERRORLEVEL%
